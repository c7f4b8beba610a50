import Foundation
import OzenKit

/// `ozen serve`'s own audio, heard for the page's "Teach a sound" (`PageSoundTeaching`), and
/// the server's sound watch kept listening for what she taught or forgot there, from the next
/// piece of audio on. On the pipeline's thread, like the watch itself.
final class SoundTeachingTap: AudioListener {
    let teaching: PageSoundTeaching
    let watch: SoundWatch?
    private var changesSeen = 0

    init(teaching: PageSoundTeaching, watch: SoundWatch?) {
        self.teaching = teaching
        self.watch = watch
    }

    func hear(_ samples: [Float], start: Double, emit: (CaptionEvent) -> Void) throws {
        teaching.hear(samples)
        let changes = teaching.changes
        guard changes != changesSeen, let watch else { return }
        changesSeen = changes
        // A list that cannot be read now keeps what the watch listens for.
        if let sounds = try? teaching.taught() { watch.listen(for: sounds) }
    }
}
