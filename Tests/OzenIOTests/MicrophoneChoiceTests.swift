import OzenIO
import Testing

/// How a `--device` value is read: a number is an index, "default" (what the system's default
/// calls itself, and what the desktop launcher passes) and nothing are the system's default,
/// anything else a name.
@Suite struct MicrophoneChoiceTests {
    @Test func defaultIsTheSystemsMicrophone() {
        #expect(MicrophoneChoice("default") == .systemDefault)
        #expect(MicrophoneChoice(nil) == .systemDefault)
        #expect(MicrophoneChoice("") == .systemDefault)
        #expect(MicrophoneChoice(MicrophoneChoice.systemDefault.description) == .systemDefault)
    }

    @Test func numbersAndNames() {
        #expect(MicrophoneChoice("3") == .index(3))
        #expect(MicrophoneChoice("USB") == .name("USB"))
    }
}
