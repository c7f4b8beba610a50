// GTK 3, WebKitGTK 4.1 and gtk-layer-shell from Debian (libwebkit2gtk-4.1-dev,
// libgtk-layer-shell-dev), for the caption window. The few GObject macros Swift cannot call
// are written out here as functions; nothing else.
#include <gtk/gtk.h>
#include <gdk/gdkx.h>
#include <webkit2/webkit2.h>
#include <gtk-layer-shell.h>
#include <glib-unix.h>

// g_signal_connect is a macro.
static inline gulong ozen_signal_connect(gpointer instance, const gchar *signal, GCallback handler, gpointer data) {
  return g_signal_connect_data(instance, signal, handler, data, NULL, (GConnectFlags)0);
}

// GDK_IS_X11_DISPLAY is a macro; 0 on any other display (Wayland).
static inline gboolean ozen_display_is_x11(void) {
  GdkDisplay *display = gdk_display_get_default();
  return display != NULL && GDK_IS_X11_DISPLAY(display);
}

// The X11 id of a shown widget's window (what xprop and window managers call it); 0 when
// the window is not on X11.
static inline unsigned long ozen_x11_window_id(GtkWidget *widget) {
  GdkWindow *window = gtk_widget_get_window(widget);
  if (window == NULL || !GDK_IS_X11_WINDOW(window)) return 0;
  return (unsigned long)gdk_x11_window_get_xid(window);
}
