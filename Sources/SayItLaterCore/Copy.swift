import MarkdownStore

/// Every word the person reads, in one place, so the voice stays calm and consistent and a
/// reviewer can read it all at once. Screens and commands take their text from here.
public enum Copy {
    // MARK: Splash and welcome

    public static let appName = "Say It Later"
    public static let tagline = "A private place to say what you can't yet"
    public static let welcome = [
        "Write what you can't say out loud yet.",
        "Then keep it for later, or let it go.",
    ]
    public static let privacy = "Nothing you write leaves this computer. There is no account, and nothing is shared."
    public static let startWriting = "Start writing"

    // MARK: Writing

    public static let writingPrompt = "What do you need to say right now?"
    public static let doneHint = "Ctrl-D when you're done"
    public static let draftFound = "You have something you were writing before."
    public static let continueDraft = "Continue writing it"
    public static let discardDraft = "Let it go and start fresh"

    // MARK: After writing

    public static let feelingQuestion = "How do you feel now?"
    public static let keepForLater = "Keep for later"
    public static let letGo = "Let go"
    public static let close = "Close"
    public static let letGoConfirmation = "Let this go? It will be gone for good."
    public static let letGoConfirm = "Let it go"
    public static let letGoCancel = "Not yet"
    public static let letGoDone = "It's gone."
    public static let kept = "Kept."

    // MARK: Support

    public static let supportHeading = "That sounded really heavy."
    public static let supportBody = [
        "Thank you for writing it down. What you wrote stays private, on this computer.",
        "If you'd like to talk to someone, people are there, any time.",
    ]
    public static let getSupportNow = "Get support now"
    public static let notRightNow = "Not right now"
    public static let getSupport = "Get support"
    public static let supportResourcesHeading = "If you want to talk to someone (UK)"
    public static let supportPrivacy = "These are free and confidential. What you write here stays on this computer."

    // MARK: History

    public static let historyHeading = "Kept for later"
    public static let historyEmpty = [
        "Nothing kept yet.",
        "When you keep something you wrote, it waits for you here.",
    ]
    /// Under the history's heading when some files in the journal could not be read, so they
    /// are never taken for gone.
    public static func unreadableInHistory(_ count: Int) -> String {
        (count == 1 ? "1 file" : "\(count) files") + " could not be read; `say history` lists why"
    }
    public static let back = "Back"
    /// How an entry felt, in the command line's cards: "felt the same".
    public static func felt(_ feeling: Feeling) -> String { "felt " + feeling.displayName }
    /// Under a flagged entry in the command line.
    public static let supportPointer = "Get support: say support"
    public static let delete = "Delete"

    // MARK: Scriptable commands

    public static func keptSummary(shortID: String) -> String { "Kept for later (\(shortID))." }
    public static let letGoSummary = "Let go. It's gone for good."
    public static let letGoFromJournal = "Let go from the journal."
    /// `say edit` saved the edit.
    public static func edited(shortID: String) -> String { "Saved your edit (\(shortID))." }
    /// Another run of say (another window) is writing to the draft: this one keeps its own.
    public static let draftInUseElsewhere =
        "say is open in another window, writing to your draft. What you write here is kept as a draft of its own; the next start offers both."
    /// A draft that could not be read was moved aside, not written over.
    public static func draftSetAside(_ reason: String, path: String) -> String {
        "Your draft could not be opened (\(reason)). It is kept, untouched, at \(path)."
    }
    /// `say edit`: the entry changed while the editor was open; both are kept.
    public static func editedBesideChange(shortID: String, copyID: String) -> String {
        "Saved your edit (\(shortID)). The entry changed while you were editing it; what it had become is kept as a copy (\(copyID))."
    }
    /// `say edit`: the entry was let go while the editor was open.
    public static func editAfterLetGo(_ path: String) -> String {
        "this entry was let go while you were editing it, so your edit was not saved and the entry stays gone; " +
            "what you wrote is kept in \(path) (only you can read it)"
    }
    /// `say edit` found the file as it was.
    public static let editUnchanged = "Nothing changed."
    /// `say edit`: why the edit was not saved. Only a fault in the edited text itself (front
    /// matter that does not parse, not text, too long) is "does not read back"; a disk that is
    /// full or cannot be written, a lock or git is named as what it is.
    public static func editNotSaved(_ error: Error) -> String {
        let reason = WritingFlow.reason(error)
        return editTextIsAtFault(error) ? "your edit was not saved, because it does not read back: \(reason)"
            : "your edit could not be saved in the journal (nothing is wrong with what you wrote): \(reason)"
    }
    /// Whether an edit failed because of what it holds, so opening it again can fix it.
    public static func editTextIsAtFault(_ error: Error) -> Bool {
        switch error as? JournalError {
        case .textTooLong: return true
        case let .storage(stored):
            switch stored {
            case .invalidFrontMatter, .frontMatterNotAMapping, .unterminatedFrontMatter, .notText, .tooLarge: return true
            default: return false
            }
        default: return false
        }
    }
    /// `say edit`: ask to open the broken edit again.
    public static let editAgainQuestion = "Open it again to fix it? [Y/n] "
    /// `say edit`: where a broken or interrupted edit is kept.
    public static func editKeptAside(_ path: String) -> String {
        "what you wrote is kept in \(path) (only you can read it); the entry is as it was"
    }
    public static let closedSummary = "Closed. Nothing was saved."
    /// `--journal` before the command with no folder.
    public static let journalNeedsFolder = "--journal needs a folder"
    /// `--plain` or `--editor` before another command.
    public static func appOptionOnly(_ flags: String, command: String) -> String {
        "\(flags) belongs to the app (`say` on its own), not to `say \(command)`"
    }
    /// `say show --json --path`.
    public static let jsonOrPath = "choose one of --json and --path"
    /// `say write` without exactly one of its three endings.
    public static let keepLetGoOrClose = "choose exactly one of --keep, --let-go or --close"
    /// `say settings`.
    public static func editorSetting(_ on: Bool) -> String { "Writing in your own editor: " + (on ? "on" : "off") }
    /// A journal's repository that could not be opened, when libgit2 gave no reason.
    public static let repositoryUnopened = "the repository cannot be opened"
    /// `say write` reading from a terminal.
    public static let writeFromTerminalHint = "Write, then press Ctrl-D on an empty line to finish."
    /// `say write` was given bytes that are not text.
    public static let inputNotText = "could not write: standard input is not UTF-8 text"
    public static func notRecorded(_ reason: String) -> String {
        "Your entry is kept, but git could not add it to the journal's history yet (\(reason)). say tries again the next time it runs."
    }
    public static func notVersioned(_ reason: String) -> String {
        "Your entry is kept, but not in the journal's git history: \(reason)."
    }
    /// A let-go found the entry's words in messages of the person's own git history.
    public static func messagesWithTheWords(_ places: [String]) -> String {
        "The same words are still in the message of \(places.joined(separator: ", ")) in the journal's git history; "
            + "say never changes a message it did not write, so delete or rewrite it yourself if you want them gone."
    }
    /// A let-go met a `say edit` still open on the entry: its file keeps a version until then.
    public static func editsStillOpen(_ files: [String]) -> String {
        "An edit of this entry is still open in an editor: its words stay in \(files.joined(separator: ", ")) "
            + "until you close the editor and delete that file."
    }
    public static func copiesStillThere(_ paths: [String]) -> String {
        "The same words are still in \(paths.joined(separator: ", ")), as you chose."
    }
    public static func stillInRepositoryAround(_ folder: String) -> String {
        "The git repository in \(folder) tracks this journal too, so its history still holds this entry. say does not change a repository it did not make."
    }
    public static func copiesQuestion(_ paths: [String], entries: [String] = []) -> String {
        let found = GitPurgeCopiesFound.describe(paths: paths, entries: entries)
        let removal = entries.isEmpty ? "Remove \(paths.count == 1 ? "it" : "them") too?"
            : "Remove the copied versions too (\(entries.count == 1 ? "that entry stays" : "those entries stay") as \(entries.count == 1 ? "it is" : "they are") now)?"
        return found.prefix(1).uppercased() + found.dropFirst() + ". " + removal
    }
    public static let copiesRemove = "Yes, remove those too"
    public static let copiesLeave = "No, leave them and let this go"
    /// What to know after a let-go: copies left as chosen, copies changed, other entries with
    /// the same words, a repository around the journal. Nil when there is nothing.
    public static func afterLetGo(_ result: LetGoResult) -> String? {
        var notes: [String] = []
        if !result.keptCopies.isEmpty { notes.append(copiesStillThere(result.keptCopies)) }
        if !result.changedCopies.isEmpty { notes.append(copiesChanged(result.changedCopies)) }
        if !result.entriesWithTheSameWords.isEmpty { notes.append(entriesWithTheSameWords(result.entriesWithTheSameWords)) }
        if let folder = result.repositoryAround { notes.append(stillInRepositoryAround(folder)) }
        return notes.isEmpty ? nil : notes.joined(separator: " ")
    }
    public static func entriesWithTheSameWords(_ paths: [String]) -> String {
        "The same words are still in \(paths.joined(separator: ", ")), \(paths.count == 1 ? "another entry" : "other entries") you keep: \(paths.count == 1 ? "it stays" : "they stay") as \(paths.count == 1 ? "it is" : "they are"). Let \(paths.count == 1 ? "it" : "them") go too to remove those words."
    }
    public static func copiesChanged(_ paths: [String]) -> String {
        "\(paths.joined(separator: ", ")) \(paths.count == 1 ? "has" : "have") changes not committed, so \(paths.count == 1 ? "it stays" : "they stay") in the folder as \(paths.count == 1 ? "it is" : "they are"); only the copied versions left the history."
    }
    public static let notRecordedWhileGitIsBusy =
        "Your entry is kept. A git merge or rebase (or a detached HEAD) is in progress, so say will add it to the history once that is finished."
    public static let notRecordedWhileHeadIsALink =
        "Your entry is kept. The journal's .git/HEAD is a symbolic link (core.preferSymlinkRefs), which say cannot read as a branch, so say will add it to the history once HEAD is a plain file: run `git config core.preferSymlinkRefs false && git symbolic-ref HEAD refs/heads/main` in the journal folder."
    public static func notSettled(_ reason: String) -> String {
        "could not bring the journal's history up to date (\(reason)); your entries are listed as they are on disk"
    }
    /// A listed file whose `date` could not be read.
    public static func unreadableDate(datedByName: Bool) -> String {
        "the date could not be read (write it as 2026-11-22T03:42:00Z); it is dated by "
            + (datedByName ? "its file name" : "when it was last changed")
    }
    /// Above the files listed with a field that could not be read.
    public static func filesWithNotes(_ count: Int) -> String {
        count == 1 ? "1 file is listed, but part of it could not be read:" : "\(count) files are listed, but part of them could not be read:"
    }
    public static func unreadableFiles(_ count: Int) -> String {
        count == 1 ? "1 file in the journal could not be read:" : "\(count) files in the journal could not be read:"
    }
}

/// The static support resources shown by the support screen and `say support`: UK, free.
public struct SupportResource: Sendable, Hashable {
    public let name: String
    public let contact: String
    public let detail: String

    /// How to reach it, said once: "Samaritans 116 123", "NHS 111" (its name is its number).
    public var call: String { name.contains(contact) ? name : name + " " + contact }

    public static let all: [SupportResource] = [
        SupportResource(name: "Samaritans", contact: "116 123", detail: "free, any time, day or night"),
        SupportResource(name: "NHS 111", contact: "111", detail: "when you need help that isn't an emergency"),
        SupportResource(name: "Emergency services", contact: "999", detail: "if you are in danger now"),
    ]
}

// MARK: - The interactive app (`say` on a terminal)

extension Copy {
    /// The history key, shown subtly on the writing screen once something is kept.
    public static let keptKeyHint = "Ctrl-K kept for later"
    /// Shown for a moment when Done is pressed with nothing written.
    public static let nothingWritten = "Nothing written yet."
    /// The heading of the screen with Keep for later, Let go and Close.
    public static let actionsQuestion = "What would you like to do with it?"
    /// Leaves the support resources screen.
    public static let continueLabel = "Continue"
    /// The subtle support action on a flagged history card.
    public static let getSupportKeyHint = "Get support (s)"
    /// The keys of the history screen.
    public static let historyKeys = "↑↓ choose · Enter read · Esc write"
    /// The keys of the empty history screen.
    public static let historyEmptyKeys = "Esc to write"
    /// Shown under a long entry in its detail screen.
    public static let detailScrollHint = "↑↓ to scroll"
    /// The first-line preview of an entry with no words in it.
    public static let emptyPreview = "(no words)"

    /// A journal folder named with --journal or SAY_JOURNAL that is not there (a mistyped path).
    public static func noJournalFolder(_ path: String, standard: String?) -> String {
        "there is no journal at \(path): the folder does not exist. Check the path given with --journal or SAY_JOURNAL"
            + (standard.map { "; without either, say uses \($0)" } ?? "")
    }

    /// What the let-go question shows for a file say cannot read, in place of its first line.
    /// The confirmation of a let-go of an entry removed from the folder without say.
    public static func removedLetGoPreview(path: String) -> String {
        "\(path), removed from the folder without say; its words are still in the journal's history"
    }
    public static func unreadableLetGoPreview(path: String, reason: String) -> String {
        "\(path), which say cannot read (\(reason))"
    }
    /// Keeping failed; the words are still in the writing area and the draft.
    public static func couldNotKeep(_ reason: String) -> String { "Could not keep it: \(reason). Your words are still here." }
    /// Letting go or deleting failed.
    public static func couldNotLetGo(_ reason: String) -> String { "Could not let it go: \(reason)." }
    /// An entry could not be opened from the history.
    public static func couldNotOpen(_ reason: String) -> String { "Could not open it: \(reason)." }
    /// The draft could not be saved; shown quietly on the writing screen.
    public static func draftNotSaved(_ reason: String) -> String { "Your draft could not be saved: \(reason)." }
    /// The terminal cannot be used full screen.
    public static let noFullScreen = "could not use this terminal full screen; try `say --plain`"
    /// Printed after leaving the app with words not yet kept.
    public static let draftKeptOnExit = "What you were writing is saved as a draft. It will be here next time."
    /// Printed after leaving when the draft could not be written: the words are not saved.
    public static func draftLostOnExit(_ reason: String) -> String {
        "What you were writing could not be saved as a draft: \(reason). It will not be here next time."
    }

    // MARK: Plain mode (screen readers and simple terminals)

    /// How to finish writing in plain mode.
    public static let plainFinishHint = "Write as many lines as you like. Finish with a line holding only a full stop, or Ctrl-D."
    /// The welcome's one action in plain mode.
    public static let plainStart = "Press Enter to start writing."
    /// The prompt for a numbered choice.
    public static func plainChoose(_ count: Int) -> String { "Type a number from 1 to \(count), then Enter: " }
    /// After a numbered choice that was not understood.
    public static func plainNotUnderstood(_ count: Int) -> String { "Please type a number from 1 to \(count)." }
    /// The history's prompt in plain mode.
    public static let plainHistoryPrompt = "Type a card's number to read it, or press Enter to write: "
    /// The history's prompt in plain mode when more cards follow.
    public static func plainHistoryMorePrompt(_ more: Int) -> String {
        "\(more) more. Type \(plainMoreKey) to see them, a card's number to read it, or press Enter to write: "
    }
    /// Shows the next page of the history in plain mode.
    public static let plainMoreKey = "m"
    /// On a line of its own while writing in plain mode: read what was kept.
    public static let plainHistoryCommand = "/history"
    /// On a line of its own, at any question in plain mode: leave.
    public static let plainQuitCommand = "/quit"
    /// How to reach the history and how to leave, under the writing prompt in plain mode.
    public static func plainCommandsHint(history: Bool) -> String {
        (history ? "On a line of its own, \(plainHistoryCommand) reads what you kept and \(plainQuitCommand) leaves."
            : "On a line of its own, \(plainQuitCommand) leaves.") + " What you have written stays as a draft."
    }
    /// Above the draft when it is read back in plain mode.
    public static let plainDraftFollows = "Here is what you had written:"
    /// Before more lines are added to a continued draft in plain mode.
    public static let plainContinue = "Carry on from here."
    /// The editor could not be started (a fragment: the app and `say edit` each say what follows).
    /// `editor` is the whole of $VISUAL or $EDITOR, as set, so the person sees what was tried.
    public static func editorDidNotStart(_ editor: String) -> String {
        "could not start your editor (\(editor)); check $VISUAL or $EDITOR"
    }
    /// The editor ran and ended with an error status (`:cq` in Vim does this on purpose).
    public static func editorExited(_ program: String, status: Int32) -> String {
        "\(program) exited with status \(status), so what it held was not used"
    }
    /// The editor's private file could not be made or read.
    public static func editorFileFailed(_ reason: String) -> String { "could not use a private file for your editor: \(reason)" }
    /// In the app, after the editor could not be used.
    public static func editorFellBack(_ what: String) -> String {
        // A sentence starts with a capital, unless it starts with the editor's own name.
        let sentence = what.hasPrefix("could") ? "C" + what.dropFirst() : what
        return sentence + ". Your words so far are kept; the writing screen is here instead."
    }
    /// After `say edit`'s editor could not be used.
    public static func editorLeftEntryAlone(_ what: String) -> String { what + "; the entry is as it was" }

    /// Below a screen that does not fit: how many more rows or cards follow.
    public static func moreBelow(_ count: Int) -> String { "↓ \(count) more" }
    /// At the end of a screen that was scrolled down.
    public static let moreAbove = "↑ more above"
    /// The short line under the support numbers when the window is small.
    public static let supportFree = "Free and confidential."
    /// The first line of a draft, quoted, as the draft offer shows it.
    public static func draftPreview(_ draft: String) -> String { "“" + EntrySummary.preview(of: draft) + "”" }
}

// MARK: - Paid features: the licence, the lock, export and reflection

extension Copy {
    /// The price, said the same way everywhere.
    public static let unlockPrice = "one-time £5 unlock"

    /// The calm message shown when a paid feature is used without a licence: what it is, that
    /// it is a one-time £5 unlock, and how to unlock. Shown only when the feature is used.
    public static func lockedFeature(_ feature: PaidFeature) -> [String] {
        let name: String, what: String
        switch feature {
        case .lock:
            name = "The lock"
            what = "It asks for a passcode before say shows anything you've kept."
        case .export:
            name = "Export"
            what = "It saves everything you've kept as Markdown files, JSON, CSV or one printable page."
        case .reflection:
            name = "Reflection"
            what = "It shows how writing has felt over time, counted by feeling."
        }
        return [
            "\(name) is part of Say It Later's \(unlockPrice) (the lock, export and reflection).",
            what,
            "If you have a licence key, unlock with: say unlock KEY",
            "Writing, keeping, letting go, deleting, history and support are always free.",
        ]
    }

    // MARK: Licence

    /// `say unlock` succeeded.
    public static let unlocked = "Unlocked. Thank you for supporting Say It Later."
    /// What the licence unlocks, after `say unlock` and in `say licence`.
    public static let unlockedFeatures = "The lock, export and reflection are yours: say lock on, say export, say reflect."
    /// `say licence` with no key stored.
    public static let noLicence = [
        "No licence key yet.",
        "The lock, export and reflection are a \(unlockPrice). With a key, run: say unlock KEY",
        "Everything else is free, always.",
    ]
    /// `say licence` when the stored key no longer verifies.
    public static func storedLicenceInvalid(_ reason: String) -> [String] {
        ["The stored licence key could not be checked: \(reason).", "Run say unlock KEY again with your key."]
    }
    /// The details of a licence, one per line.
    public static func licenceDetails(id: String, issued: String, name: String?) -> [String] {
        ["  Licence: \(id)", "  Issued: \(issued)"] + (name.map { ["  For: \($0)"] } ?? [])
    }
    /// `say unlock` on a terminal with no key given.
    public static let pasteKey = "Paste your licence key, then press Enter:"

    // MARK: Lock

    public static let passcodePrompt = "Passcode: "
    public static let choosePasscode = "Choose a passcode: "
    public static let repeatPasscode = "Type it again: "
    public static let passcodeWrong = "That passcode is not right."
    public static func passcodeWait(_ seconds: Int) -> String {
        seconds == 1 ? "Please wait 1 second before trying again." : "Please wait \(seconds) seconds before trying again."
    }
    public static let passcodesDiffer = "The two passcodes were not the same. The lock is still off."
    public static func passcodeTooShort(_ minimum: Int) -> String {
        "A passcode needs at least \(minimum) characters. The lock is still off."
    }
    public static let lockTurnedOn = "The lock is on. say will ask for this passcode before it shows anything you've kept."
    public static let lockForgotten = "If you forget it, your entries are safe: the README's \"Reset the lock\" says how to remove it."
    public static let lockAlreadyOn = "The lock is already on. To choose a new passcode, turn it off and on again."
    public static let lockTurnedOff = "The lock is off."
    public static let lockAlreadyOff = "The lock is already off."
    public static func lockKeptIn(_ storage: String) -> String { "Its passcode check is kept in \(storage)." }
    public static func keyringDidNotKeepIt(_ keyring: String, _ reason: String) -> String {
        "\(keyring.prefix(1).uppercased() + keyring.dropFirst()) could not keep the passcode check (\(reason))."
    }
    public static func lockStatusOn(_ storage: String) -> String { "The lock is on. " + lockKeptIn(storage) }
    public static let lockStatusOff = "The lock is off."
    /// `say lock status` for a journal that records a lock whose check these settings lack.
    public static func lockStatusElsewhere(_ journal: String) -> String {
        "The journal \(journal) is locked, with a passcode check that is not in these settings."
    }
    public static let lockProtects = "It keeps say's screens private; it does not encrypt the files on your disk."

    // MARK: Export

    public static func exported(_ count: Int, path: String) -> String {
        count == 1 ? "Exported 1 entry to \(path)." : "Exported \(count) entries to \(path)."
    }
    public static func exportSkipped(_ count: Int) -> String {
        count == 1 ? "1 file in the journal could not be read, so it is not in the export:"
            : "\(count) files in the journal could not be read, so they are not in the export:"
    }
    public static func exportProgress(_ done: Int, of total: Int) -> String { "Exporting \(done) of \(total)…" }
    /// The line under the heading of the exported page.
    public static func exportPageNote(count: Int, exported: String) -> String {
        let entries = count == 1 ? "1 entry" : "\(count) entries"
        return "\(appName) · \(entries) · exported \(exported). This page is private: keep it somewhere only you can reach."
    }
    /// The support line on a flagged entry's card in the exported page.
    public static var exportSupportLine: String {
        "\(getSupport): " + SupportResource.all.map(\.call).joined(separator: " · ")
    }

    // MARK: Reflection

    public static let reflectionEmpty = [
        "There isn't much to look back on yet.",
        "Once you've kept three entries, this shows how writing has felt over time.",
    ]
    public static let reflectionAllTime = "All time"
    public static let reflectionLast30Days = "Last 30 days"
    public static let reflectionByMonth = "Month by month"
    public static let reflectionNothingRecent = "Nothing kept in these 30 days."
    public static let reflectionNoFeelings = "No feelings were recorded with these entries."
    public static let reflectionUnrecorded = "not recorded"
    public static func reflectionMost(_ feeling: Feeling, _ count: Int, of total: Int) -> String {
        "Most entries felt \(feeling.displayName) after writing — \(count) of \(total)."
    }
    public static func reflectionMoreOften(_ feeling: Feeling, _ count: Int, of total: Int) -> String {
        "Entries felt \(feeling.displayName) after writing more often than any other way — \(count) of \(total)."
    }
    public static func reflectionNoneStandsOut(_ total: Int) -> String {
        "No one feeling stands out across these \(total) entries."
    }
    public static func reflectionLegend(includingUnrecorded: Bool) -> String {
        "█ lighter  ▒ the same  ░ heavier" + (includingUnrecorded ? "  · not recorded" : "")
    }
}

// MARK: Sync

extension Copy {
    /// The one line `say sync` prints: "2 new here, 1 sent, 1 let go elsewhere."
    public static func syncSummary(_ report: SyncReport) -> String {
        var parts: [String] = []
        if report.newHere > 0 { parts.append("\(report.newHere) new here") }
        if report.sent > 0 { parts.append("\(report.sent) sent") }
        if report.letGoElsewhere > 0 { parts.append("\(report.letGoElsewhere) let go elsewhere") }
        if report.letGoWon > 0 {
            let count = report.letGoWon
            parts.append(count == 1
                ? "1 you had changed here was let go elsewhere, so it's gone here too"
                : "\(count) you had changed here were let go elsewhere, so they're gone here too")
        }
        if report.conflictCopies > 0 {
            let count = report.conflictCopies
            parts.append(count == 1
                ? "1 changed on both devices: yours is kept as a copy"
                : "\(count) changed on both devices: yours are kept as copies")
        }
        if report.letGoSent > 0 { parts.append("\(report.letGoSent) let go here, gone from the remote too") }
        if report.restoredHere > 0 {
            let count = report.restoredHere
            parts.append(count == 1
                ? "1 deleted here without say let-go was brought back"
                : "\(count) deleted here without say let-go were brought back")
        }
        if report.restoredOnRemote > 0 {
            let count = report.restoredOnRemote
            parts.append(count == 1
                ? "1 missing from the remote (not let go) was put back"
                : "\(count) missing from the remote (not let go) were put back")
        }
        if !report.kept.isEmpty {
            parts.append("left your own " + report.kept.joined(separator: ", ") + " as it is (the synced version is in git)")
        }
        if report.dryRun {
            let body = parts.isEmpty ? "already in step with the remote" : parts.joined(separator: ", ")
            var line = "Dry run, nothing was changed. A sync would do this: " + body + "."
            if report.startedRemote { line += " (The remote is empty: your journal would start it.)" }
            return line
        }
        var line = parts.isEmpty ? "Already in step with the remote." : parts.joined(separator: ", ") + "."
        if report.startedRemote { line = "The remote was empty; your journal is there now." + (parts.isEmpty ? "" : " " + line) }
        if report.versioningTurnedOn { line = "Versioning is on now. " + line }
        return line
    }

    /// What a folder remote still holds after a let-go, for stderr (nil when nothing).
    public static func syncRemoteStillHolds(_ report: SyncReport) -> [String] {
        var lines: [String] = []
        if !report.remoteStillHolds.isEmpty {
            lines.append("the remote still holds a let-go entry in " + report.remoteStillHolds.joined(separator: ", ")
                + ": say only changes the branch main. Delete those (for example git -C \(report.remote) branch -D NAME, or tag -d NAME), then run say sync again to clean the remote.")
        }
        if let reason = report.remoteNotCleaned {
            lines.append("the remote \(reason), so say left its object store as it was: the let-go entry's old versions may still be there. "
                + "Use a bare repository of your own as the remote (git clone --bare), or clean this one yourself once nothing there is in use (git reflog expire --expire=now --all && git gc --prune=now in it).")
        }
        if !report.remoteLeftovers.isEmpty {
            lines.append("the remote holds temporary files a git command left: " + report.remoteLeftovers.joined(separator: ", ")
                + ". If no git command is running there, delete them; they may hold old words.")
        }
        return lines
    }

    /// The question asked before a sync lets go of many entries here.
    public static func syncConfirmRemoval(_ question: SyncRemovalQuestion) -> String {
        guard question.unchecked else {
            return "This sync would let go of \(question.paths.count) of your \(question.total) entries here, because another computer let them go. Let them go here too?"
        }
        return "The remote says \(question.paths.count == 1 ? "this entry was" : "these \(question.paths.count) entries were") let go, but "
            + uncheckedWhy(question.hasKey) + " Let \(question.paths.count == 1 ? "it" : "them") go here too?"
    }

    /// Why a let-go on the remote could not be checked.
    private static func uncheckedWhy(_ hasKey: Bool) -> String {
        hasKey
            ? "your say did not seal that let-go with this journal's sync key: a computer you have not given the key to wrote it, or someone who can write to the remote did."
            : "this computer has no sync key for this journal, so it cannot tell a let-go from your other computers from one written by someone who can write to the remote (say sync --show-key on one of your computers shows the key; say sync --key - here keeps it)."
    }

    /// `say sync --show-key`.
    public static func syncKeyShown(_ code: String) -> String {
        "This journal's sync key: \(code)\nOn another of your computers: say sync --remote <the same remote> --key -\nand type or paste the key when asked (with --key - it stays out of your shell's history).\nKeep it as private as the remote; anyone with it and write access to the remote can let entries go."
    }

    /// `say sync --key -` at a terminal.
    public static let syncKeyPrompt = "Sync key (from say sync --show-key): "

    /// `say sync --key -` given nothing.
    public static let noSyncKeyGiven = "no sync key was given; nothing was changed"

    /// `say sync --key -` given something that is not a key.
    public static let syncKeyMalformed = "that is not a sync key: it is the code say sync --show-key shows, 32 letters and digits in groups of four; nothing was changed"

    /// `say sync --show-key` before the first sync.
    public static let noSyncKeyYet = "this computer has no sync key for this journal yet: the first say sync makes one, or say sync --key - keeps the one your other computer shows"

    /// Said when the person answers no.
    public static let syncNothingChanged = "Nothing was changed. say sync --dry-run shows what a sync would do."

    /// How to give say an https user name and password (or token): a git credential helper.
    private static func storeOne(_ remote: String) -> String {
        "Store one with a git credential helper (git config --global credential.helper store, or your system's keyring helper; then git ls-remote \(remote) asks for it once and stores it), then sync again"
    }

    /// Why a sync stopped, as the fragment after "could not sync: ".
    public static func syncError(_ error: SyncError) -> String {
        let rejoin = "If that is expected, bring the two together with: say sync --rejoin (everything on both sides is kept; what was let go with say stays gone)"
        switch error {
        case .noRemote:
            return "there is no remote yet; run say sync --remote URL once (a folder, file://… or ssh://user@host/path)"
        case let .unsupportedTransport(remote, scheme):
            return "\(remote) uses \(scheme), which is not private on the way; use a folder, file://, ssh:// or https://. Nothing was sent"
        case let .unreachable(remote):
            return "the remote \(remote) could not be reached; check the address, and that the drive or server is there"
        case let .authenticationFailed(remote):
            return "\(remote) did not accept any of your ssh keys (ssh agent, ~/.ssh/id_ed25519, ~/.ssh/id_ecdsa, ~/.ssh/id_rsa)"
        case let .noCredentials(remote):
            return "\(remote) asked for a user name and password (or token), and no git credential helper gave one; nothing was sent. " + storeOne(remote)
        case let .credentialsRefused(remote):
            return "\(remote) asked for a user name and password (or token) and did not accept the one your git credential helper gave (say told the helper to forget it); nothing was sent. " + storeOne(remote)
        case let .gitNotFound(remote):
            return "\(remote) asked for a user name and password (or token); say gets them from your git credential helpers, but there is no git on PATH. Install git, store one with a credential helper, then sync again"
        case let .passwordInAddress(remote):
            return "the address holds a password, and say does not keep passwords in the journal's settings; nothing was sent. Give it without the password (\(remote)), and store the password or token with a git credential helper (git config --global credential.helper store, or your system's keyring helper)"
        case let .certificateNotTrusted(remote, authorities):
            if let authorities {
                return "the certificate of \(remote) is not signed for that name by the certificate authorities in \(authorities); nothing was sent. Check that file holds the server's certificate authority"
            }
            return "the certificate of \(remote) is not signed for that name by a certificate authority this computer trusts; nothing was sent. If the server uses its own certificate authority, trust it with: git config --global http.sslCAInfo /path/to/ca.pem (or set GIT_SSL_CAINFO)"
        case let .certificateAuthoritiesUnreadable(path, setting):
            return "the certificate authority file \(path) (from \(setting)) could not be read as PEM certificates; nothing was sent. Fix \(setting), then sync again"
        case let .unknownHost(host, port, fingerprint):
            let name = port == 22 ? host : "\(host):\(port)"
            let keyscan = port == 22 ? "ssh-keyscan \(host)" : "ssh-keyscan -p \(port) \(host)"
            let key = fingerprint.map { " (it offers \($0))" } ?? ""
            return "the server \(name) is not in ~/.ssh/known_hosts\(key); nothing was sent. Check its fingerprint, then trust it with: \(keyscan) >> ~/.ssh/known_hosts"
        case let .hostKeyChanged(host, port, fingerprint):
            let name = port == 22 ? host : "\(host):\(port)"
            let known = port == 22 ? host : "[\(host)]:\(port)"
            let key = fingerprint.map { " (it offers \($0))" } ?? ""
            return "the server \(name) offered a different key than ~/.ssh/known_hosts holds for it\(key); nothing was sent. If its key really changed, remove the old one with: ssh-keygen -R '\(known)'"
        case let .notAJournal(remote):
            return "\(remote) is not a say journal (it holds other history); use an empty folder, an empty repository or one say started"
        case let .damagedRemote(remote, detail):
            return "the history on \(remote) cannot be read (\(detail)): it is damaged there, or part of it was written by something other than git. Nothing was changed here, and nothing of it was kept. git fsck in the remote (or in a clone of it) shows what is wrong; or start a new, empty remote from a computer that has everything: say sync --remote <new remote> --rejoin"
        case let .noMainBranch(remote, branches):
            let shown = branches.count > 5 ? branches.prefix(5).joined(separator: ", ") + " and \(branches.count - 5) more" : branches.joined(separator: ", ")
            let rename = branches.count == 1 ? " (git branch -m \(branches[0]) main in the remote, or in a clone and push it)" : ""
            return "\(remote) has no branch main, which is the one say syncs (it has \(shown)); nothing was changed. If your journal is there under another name, rename that branch to main\(rename) and sync again; otherwise use an empty folder or repository"
        case let .unsupportedRemoteFormat(remote, detail):
            let plain = "Sync with a repository made with plain git init --bare, or with an empty folder"
            if detail.lowercased().contains("objectformat") {
                return "\(remote) is a git repository with SHA-256 object names, which say's git library cannot read; nothing was changed. " + plain
            }
            if detail.lowercased().contains("preciousobjects") {
                return "\(remote) keeps every object for ever (extensions.preciousObjects), so nothing let go could leave it; nothing was changed, "
                    + "and anything let go here since the last sync is still in that remote. Run git config --unset extensions.preciousObjects "
                    + "in the remote and sync again (say then removes it there), or start a new, empty remote: say sync --remote <new remote> --rejoin"
            }
            return "\(remote) is a git repository that needs a git feature say's git library cannot handle (\(detail)); nothing was changed. " + plain
        case let .notARepository(remote):
            return "\(remote) is a folder with other files in it, not a git repository; use an empty folder or an empty bare repository (git init --bare)"
        case let .checkedOutRemote(remote):
            return "\(remote) is a working copy with the branch main checked out, and say does not move a branch someone may be working on; use a bare copy instead (git clone --bare \(remote) \(remote).git). Nothing was changed"
        case let .unsafeRemote(path, reason):
            return "the remote holds \(path) (\(reason)); say only takes entry files, .say-journal and .gitignore from a remote, so nothing was changed. Remove it from the remote, or sync with another one"
        case let .unsyncableLocal(".gitignore", reason):
            return "this journal holds .gitignore (\(reason)), which every other computer would refuse from the remote; remove that line from .gitignore, commit it (git commit -am \"Unhide entries\"), and sync again. Nothing was changed"
        case let .unsyncableLocal(path, reason):
            return "this journal holds \(path) (\(reason)), which sync cannot carry (only entries/YYYY/MM/<name>.md files, .say-journal and .gitignore); move it out of the journal's git history and try again. Nothing was changed"
        case let .differentJournal(remote):
            return "\(remote) holds a different journal than this one, so say cannot reconcile the two; nothing was changed. Sync with that journal's own remote, or start a new, empty one"
        case let .wentBack(remote, seen, left):
            return "\(remote) went back to an earlier state (its main is at \(seen), older than \(left), where this computer left it; was it restored from a backup?). Nothing was changed. " + rejoin
        case let .rewrittenElsewhere(remote, seen, left):
            return "the history of \(remote) was rewritten by something other than say (its main is at \(seen), which no longer holds \(left), where this computer left it, and no let-go by say explains it). Nothing was changed. " + rejoin
        case let .remoteEmptied(remote):
            return "\(remote) is empty now, but this computer synced with it before (was it replaced?). Nothing was changed. To start it again from this journal: say sync --rejoin"
        case let .needsConfirmation(count, total):
            return "this sync would let go of \(count) of your \(total) entries here (they were let go on another computer); nothing was changed. See them with say sync --dry-run; if that is right, run say sync --yes"
        case let .uncheckedLetGo(count, hasKey):
            return "the remote says \(count == 1 ? "1 of your entries here was" : "\(count) of your entries here were") let go, but " + uncheckedWhy(hasKey)
                + " Nothing was changed. say sync --dry-run lists them; "
                + (hasKey
                    ? "run say sync at a terminal to answer. If no computer of yours without the key let them go, someone else can write to the remote: start a new, private one from a computer that still has everything (say sync --remote <new remote> --rejoin) and join the others to it"
                    : "run say sync at a terminal to answer, or give this computer the key (say sync --key -) and sync again")
        case let .unreadableRecord(remote?):
            return "the journal record on \(remote) (.say-journal) is not one say can read (damaged, or written by something else); nothing was changed. If it was not you, someone else can write to that remote: start a new, private one from a computer that still has everything (say sync --remote <new remote> --rejoin) and join the others to it"
        case .unreadableRecord(nil):
            return "this journal's record (.say-journal) is not one say can read (edited by hand?); nothing was changed. git checkout .say-journal in the journal folder puts back the last one say wrote"
        case .recordTooLarge:
            return "the journal record (.say-journal) would grow larger than say reads (16 MiB of let-go lines); nothing was changed"
        case let .notTheSyncKey(remote):
            return "that is not the sync key of the journal on \(remote); nothing was changed. say sync --show-key on a computer that syncs with it shows the right one"
        case let .lostLetGo(remote):
            return "the journal record on \(remote) (.say-journal) no longer lists an entry that was let go with say, which this computer knows of (an older record was put back, or its let-go lines were removed, by something other than say). Nothing was changed. If the remote was restored on purpose, run say sync --rejoin on each computer that says so; if not, someone else can write to that remote: start a new, private one from a computer that still has everything (say sync --remote <new remote> --rejoin) and join the others to it"
        case let .letGoInRemoteHistory(remote):
            return "the history on \(remote) holds a version of an entry that was let go with say (old history was put back there by something other than say); nothing was changed, and nothing of it was kept here. If it was not you, someone else can write to that remote: start a new, private one from a computer that still has everything (say sync --remote <new remote> --rejoin) and join the others to it"
        case let .diverged(reason):
            return "\(reason), so say cannot reconcile the two; nothing was changed"
        case .remoteKeptMoving:
            return "the remote kept changing while syncing; try again in a moment"
        case let .rejected(message):
            return "the remote refused the update (\(message))"
        case let .letGoCopies(paths):
            let named = paths.prefix(5).joined(separator: ", ") + (paths.count > 5 ? " and \(paths.count - 5) more" : "")
            return "an entry let go on another computer has an exact copy here, in \(named), which sync would send back to every computer; nothing was changed. To let the copy go too, say let-go \(paths[0]) --with-copies, then sync again; to keep those words, change the copy so it is your own page and take the copied version out of the history not yet synced"
        case let .rewriteForbidden(remote):
            return "\(remote) forbids replacing its history (its git setting receive.denyNonFastForwards), which letting an entry go from it needs; nothing was changed there, and the entry is still in it. To let it go from there too, turn the setting off (git -C \(remote) config receive.denyNonFastForwards false) and sync again"
        }
    }
}
