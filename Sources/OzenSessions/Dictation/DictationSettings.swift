import OzenIO
import OzenKit

/// How `ozen dictate` delivers its takes, as one value the command builds from its arguments:
/// the language, the polish (`--polish`), the insertion (`--insert`), and whether takes are
/// saved (unless `--no-save`) and printed as JSON (`--json`).
public struct DictationSettings: Sendable {
    public var home: OzenHome
    public var language: SpokenLanguage
    public var polisher: DictationPolisher
    public var insertion: TextInserter.Method
    public var saves = true
    public var json = false

    public init(home: OzenHome, language: SpokenLanguage, polisher: DictationPolisher, insertion: TextInserter.Method) {
        self.home = home
        self.language = language
        self.polisher = polisher
        self.insertion = insertion
    }
}
