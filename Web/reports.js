// The phone app's problem reports in Settings: what `GET /api/reports` lists (names, times and
// the app's client line, never a report's words; the files are in $OZEN_HOME/reports). With
// --lan the request carries the pairing token. No reports: the setting stays hidden.

export async function showAppReports({ setting, list, token, format }) {
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  try {
    const response = await fetch("/api/reports", { headers, cache: "no-store" });
    if (!response.ok) return;
    const { reports } = await response.json();
    list.replaceChildren(...reports.map((report) => {
      const item = document.createElement("li");
      item.dataset.name = report.name;
      item.textContent = format(report);
      return item;
    }));
    setting.hidden = reports.length === 0;
  } catch {
    // Nothing to list: the rest of Settings works as before.
  }
}
