import OzenEngines

/// Ozen's version and the engines it was set up with, as `ozen version` and the diagnostics say them.
public enum OzenVersion {
    public static let ozen = "0.1.0"
    public static let whisper = "1.8.5 (pywhispercpp 1.5.1)"
    public static var sherpaOnnx: String { SherpaVersion.string }
}
