/* config.h for the fuzz build (meson writes the real one) */
#define PACKAGE_VERSION "fuzz"
#define GETTEXT_PACKAGE "ramo"
#define LOCALEDIR "/usr/share/locale"
#define RAMO_APP_ID "io.github.ramo.Ramo"
#define RAMO_DATADIR "/usr/share/ramo"
#define RAMO_SOURCE_DATADIR "."
