import ArgumentParser
import SayItLaterCore

extension Say {
    /// `say settings`: the few preferences say has.
    struct Settings: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "settings",
            abstract: "See or change your preferences.",
            discussion: """
                --editor on makes `say` open your own editor ($VISUAL, else $EDITOR) instead of \
                the writing screen, every time. The editor's file lives in a private folder that \
                is removed afterwards; vim and nvim are started without swap, undo or viminfo files.
                """)

        enum Switch: String, ExpressibleByArgument, CaseIterable {
            case on, off
        }

        @OptionGroup var journalOptions: JournalOptions
        @Option(help: ArgumentHelp("Write in your own editor.", valueName: "on|off"))
        var editor: Switch?

        func run() throws {
            let marks = LaunchMarks(folder: try journalOptions.folders().config)
            do {
                switch editor {
                case .on?: try marks.set(.useEditor)
                case .off?: try marks.clear(.useEditor)
                case nil: break
                }
            } catch {
                throw SayFailure("change your settings", error)
            }
            Output.line(Copy.editorSetting(marks.has(.useEditor)))
        }
    }
}
