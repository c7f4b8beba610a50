// The phone app's pairing code in Settings: the same QR code `ozen serve --lan` prints, fetched
// with the pairing token (the server shows it only to a page that has the token already).
// Without --lan there is no pairing, and the setting stays hidden.

export async function showPairingCode({ setting, image, token }) {
  if (!token) return;
  try {
    const response = await fetch("/api/pairing/qr.svg", { headers: { Authorization: `Bearer ${token}` }, cache: "no-store" });
    if (!response.ok) return;
    const svg = await response.blob();
    if (image.src.startsWith("blob:")) URL.revokeObjectURL(image.src);
    image.src = URL.createObjectURL(svg);
    setting.hidden = false;
  } catch {
    // No code to show: the rest of Settings works as before.
  }
}
