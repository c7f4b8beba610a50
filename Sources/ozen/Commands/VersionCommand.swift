import OzenEngines

/// `ozen version`: Ozen's version and the engines it was set up with.
enum VersionCommand {
    static let ozenVersion = "0.1.0"

    static func run(_ arguments: [String]) throws {
        print("ozen \(ozenVersion)")
        print("whisper.cpp 1.8.5 (pywhispercpp 1.5.1)")
        print("sherpa-onnx \(SherpaVersion.string)")
    }
}
