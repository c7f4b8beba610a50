import OzenSessions

/// `ozen version`: Ozen's version and the engines it was set up with.
enum VersionCommand {
    static func run(_ arguments: [String]) throws {
        print("ozen \(OzenVersion.ozen)")
        print("whisper.cpp \(OzenVersion.whisper)")
        print("sherpa-onnx \(OzenVersion.sherpaOnnx)")
    }
}
