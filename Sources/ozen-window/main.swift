import Foundation
import OzenKit

// ozen-window: the caption window that floats over a call or a video. `ozen serve --window`
// starts it on its own display page; it stays above the other windows, shows the last lines,
// and ends when it is closed or when the `ozen` that started it ends.
let options: CaptionWindowOptions
do {
    options = try CaptionWindowOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    exit(error.description == CaptionWindowOptions.usage ? 0 : 64)
}
exit(MainActor.assumeIsolated { CaptionWindow.run(options, placement: .choose(for: OzenEnvironment.current.desktop)) })
