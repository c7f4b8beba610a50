/// Warns when the computer's battery runs low while captions run: at 20 % and again at 10 %,
/// once each while it discharges. Captions that die with the battery stop without a word, and
/// she may not be looking at the screen; 20 % leaves a laptop about half an hour, 10 % a few
/// minutes to find the charger. Plugging in re-arms both.
public struct BatteryWarning: Sendable {
    public static let levels = [20, 10]

    private var warned: Set<Int> = []

    public init() {}

    /// One reading: `percent` charge, `discharging` when running on battery.
    public mutating func observe(percent: Int, discharging: Bool) -> DesktopNotice? {
        guard discharging else {
            warned.removeAll()
            return nil
        }
        guard let level = Self.levels.filter({ percent <= $0 && !warned.contains($0) }).min() else { return nil }
        for reached in Self.levels where reached >= level { warned.insert(reached) }
        return DesktopNotice(key: "battery", title: tr("הסוללה ב־\(percent)%", "Battery at \(percent)%"),
                             body: tr("חברו את המטען כדי שהכתוביות לא ייעצרו", "Plug in the charger so the captions do not stop"),
                             urgency: level <= 10 ? .critical : .normal)
    }
}
