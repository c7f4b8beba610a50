import CWebKitGTK

/// Asks the page a question in JavaScript and hands the answer, as text, to `answered` on
/// GTK's main thread (nil when the page could not answer: still loading, or gone).
@MainActor
enum PageScript {
    private final class Pending {
        let answered: @MainActor (String?) -> Void
        init(_ answered: @escaping @MainActor (String?) -> Void) { self.answered = answered }
    }

    static func ask(_ view: UnsafeMutablePointer<GtkWidget>, _ script: String, answered: @escaping @MainActor (String?) -> Void) {
        let pending = Unmanaged.passRetained(Pending(answered)).toOpaque()
        webkit_web_view_evaluate_javascript(gobject(view, as: WebKitWebView.self), script, -1, nil, nil, nil, { source, result, data in
            var error: UnsafeMutablePointer<GError>?
            let value = webkit_web_view_evaluate_javascript_finish(UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: WebKitWebView.self), result, &error)
            var text: String?
            if let value {
                if let c = jsc_value_to_string(value) {
                    text = String(cString: c)
                    g_free(c)
                }
                g_object_unref(UnsafeMutableRawPointer(value))
            }
            if let error { g_error_free(error) }
            let answer = text
            let pending = Unmanaged<Pending>.fromOpaque(data!).takeRetainedValue()
            MainActor.assumeIsolated { pending.answered(answer) }
        }, pending)
    }
}
