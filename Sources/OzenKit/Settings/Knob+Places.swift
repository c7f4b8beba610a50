/// The knobs that say where Ozen finds things.
extension Knob {
    /// Where Ozen keeps what it owns on this computer (`OzenHome`).
    public static let home = Knob("OZEN_HOME",
        meaning: "Where Ozen keeps what it owns on this computer: models, history, her names and words, providers, settings.",
        rule: .text("a folder"), defaultValue: "~/.local/share/ozen")

    /// A catalogue of models other than the one built in (`ozen models available|install`).
    public static let catalogue = Knob("OZEN_CATALOGUE",
        meaning: "The model catalogue Ozen lists and installs models from, instead of the one built in: a mirror of the publishers' files, or a test's server.",
        rule: .text("a catalogue JSON file"), defaultValue: "the catalogue built into ozen")

    /// Where `ozen serve` finds the display page.
    public static let web = Knob("OZEN_WEB",
        meaning: "Where `ozen serve` finds the display page: the folder that holds index.html.",
        rule: .text("a folder"),
        defaultValue: "PREFIX/share/ozen/web beside an installed ozen (make install), else the Web folder of the checkout ozen was built in, else ./Web, else /usr/local/share/ozen/web")
}
