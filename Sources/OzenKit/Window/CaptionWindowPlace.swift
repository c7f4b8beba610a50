import Foundation

/// Where she left the caption window (X11 and XWayland, where a window knows its place): its
/// top-left corner and width, kept in `$OZEN_HOME/caption-window.json` when it closes and used
/// when it opens again, so it comes back over the part of the call she chose. Its height is
/// never kept: it follows her rows at her size.
public struct CaptionWindowPlace: Codable, Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int

    public init(x: Int, y: Int, width: Int) {
        self.x = x
        self.y = y
        self.width = width
    }

    public static func path(in home: OzenHome) -> String { home.path + "/caption-window.json" }

    /// The place kept at `path`; nil when none was kept or the file is not one (the window then
    /// opens at the bottom of the screen, as the first time).
    public static func load(from path: String) -> CaptionWindowPlace? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(CaptionWindowPlace.self, from: data)
    }

    public func save(to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The place moved wholly onto the screen's work area (`x`, `y`, `width`, `height`) for a
    /// window `height` tall: a screen that got smaller, or a monitor unplugged, never leaves
    /// her captions off screen.
    public func fitted(into area: (x: Int, y: Int, width: Int, height: Int), height: Int) -> CaptionWindowPlace {
        let width = min(max(self.width, 200), area.width)
        let x = min(max(self.x, area.x), area.x + area.width - width)
        let y = min(max(self.y, area.y), area.y + max(0, area.height - height))
        return CaptionWindowPlace(x: x, y: y, width: width)
    }
}
