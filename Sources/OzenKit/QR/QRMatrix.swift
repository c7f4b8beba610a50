/// A QR code's modules, dark or light, as an encoder made them; the renderers draw it with
/// its quiet zone (light modules around it, which scanners need to find the code).
public struct QRMatrix: Sendable, Equatable {
    /// Modules per side, without the quiet zone.
    public let size: Int
    /// Row by row, true for a dark module.
    public let modules: [Bool]

    /// The standard quiet zone: four modules on every side.
    public static let quietZone = 4

    public init(size: Int, modules: [Bool]) {
        precondition(modules.count == size * size, "a QR matrix is square")
        self.size = size
        self.modules = modules
    }

    /// Whether the module at column `x`, row `y` is dark; outside the code (the quiet zone) it is light.
    public func isDark(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }
}
