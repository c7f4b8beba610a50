import CSherpaOnnx

/// The sherpa-onnx library actually loaded, for `ozen version`.
public enum SherpaVersion {
    public static var string: String { String(cString: SherpaOnnxGetVersionStr()) }
}
