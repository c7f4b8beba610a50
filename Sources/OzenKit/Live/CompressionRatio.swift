/// How repetitive a text is: its UTF-8 length over the size of its LZW code stream (12-bit
/// codes). Whisper's gate uses zlib for the same purpose; LZW needs no C library and ranks
/// texts the same way, on its own scale: ordinary sentences 0.88–1.01, a looping phrase 1.4 and up.
public enum CompressionRatio {
    public static func of(_ text: String) -> Double {
        let bytes = Array(text.utf8)
        guard bytes.count > 1 else { return 1 }
        var dictionary = [[UInt8]: Int]()
        for b in 0...255 { dictionary[[UInt8(b)]] = b }
        var current: [UInt8] = []
        var codes = 0
        for b in bytes {
            let next = current + [b]
            if dictionary[next] != nil {
                current = next
            } else {
                codes += 1
                if dictionary.count < 4096 { dictionary[next] = dictionary.count }
                current = [b]
            }
        }
        if !current.isEmpty { codes += 1 }
        return Double(bytes.count) / (Double(codes) * 1.5)
    }
}
