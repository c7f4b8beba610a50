import CWebKitGTK

/// GTK hands out `GtkWidget *` and takes `GtkWindow *`, `GtkContainer *`, `WebKitWebView *`
/// and `gpointer` for the same object, which C converts silently and Swift does not.
func gobject<T>(_ pointer: UnsafeMutablePointer<some Any>, as: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
}

/// A C signal handler as GLib's untyped `GCallback`.
func callback<F>(_ function: F) -> GCallback {
    unsafeBitCast(function, to: GCallback.self)
}
