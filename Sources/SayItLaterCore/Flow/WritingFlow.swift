import Foundation

/// What a let-go confirmation is about.
public enum LetGoSubject: Equatable, Sendable {
    /// The words just written (the Let go action).
    case writing
    /// A draft found at start.
    case draft
    /// A kept entry (Delete in its detail).
    case entry(EntrySummary)
    /// A kept entry whose words (a version of them) are also at other paths: copies, or other
    /// entries the journal lists. The person decides about them, as `say let-go` asks.
    case entryWithCopies(EntrySummary, paths: [String], entries: [String])
}

/// Where the support resources return to.
public enum ResourcesReturn: Equatable, Sendable {
    case actions
    case history
    case detail
}

/// Where the person is in the flow: write → feel → (support) → act, plus the history.
public enum FlowStage: Equatable, Sendable {
    /// The first-launch welcome.
    case welcome
    /// A draft was found at start: continue it, or let it go.
    case draftOffer
    /// Writing (the home screen).
    case writing
    /// "How do you feel now?"
    case feeling
    /// The calm support screen, after writing that sounded like thoughts of ending one's life
    /// or self-harm.
    case support
    /// The support resources; then back to where they were opened from.
    case resources(ResourcesReturn)
    /// Keep for later · Let go · Close.
    case actions
    /// "Let this go? It will be gone for good."
    case confirmLetGo(LetGoSubject)
    /// The quiet acknowledgement after letting go; then the writing screen or the history.
    case gone(thenHistory: Bool)
    /// The kept entries.
    case history
    /// One kept entry in full.
    case detail
}

/// Everything a person can do in the flow, by name. Front ends map their keys, numbers and
/// words to these; nothing depends on where a choice sits in a menu.
public enum FlowAction: Equatable, Sendable {
    case startWriting
    case continueDraft
    case discardDraft
    /// Done writing.
    case done
    case feel(Feeling)
    case getSupportNow
    case notRightNow
    /// Leaves the support resources (Continue, or Back).
    case leaveResources
    case keep
    case letGo
    case close
    case confirmLetGo
    /// Letting an entry go whose words are also elsewhere: remove the copied versions too, or
    /// leave them.
    case letGoCopies(LetGoCopies)
    case cancelLetGo
    /// Escape: one step back, where there is one.
    case back
    /// The moment after "It's gone." has passed.
    case moveOn
    case openHistory
    /// Opens a kept entry from the history.
    case open(EntrySummary)
    /// The support resources from a flagged history card.
    case supportFor(EntrySummary)
    /// Delete, in an entry's detail.
    case delete
    /// Get support, in a flagged entry's detail.
    case getSupport
}

/// One choice on a screen: what it does and what it says.
public struct FlowChoice: Equatable, Sendable {
    public let action: FlowAction
    public let label: String

    public init(_ action: FlowAction, _ label: String) {
        self.action = action
        self.label = label
    }
}

/// What an action did that the person should be told about.
public enum FlowResult: Equatable, Sendable {
    /// Nothing to say.
    case none
    /// The action could not be done; the words say why. Nothing was lost.
    case failed(String)
    /// A quiet word (nothing written yet; the draft could not be saved).
    case notice(String)
    /// The writing was kept as this entry.
    case kept(Entry)
    /// The writing, the draft or an entry is gone for good.
    case gone
    /// The writing was closed: nothing was saved.
    case closed
}

/// The write → feel → support → act flow, and the history around it, as one state machine.
///
/// Both front ends (the full-screen app and plain mode) drive this type with named actions and
/// draw what it says; it owns every decision about where to go next and every change to the
/// journal and the draft. It never touches a terminal, so it is tested with a journal in a
/// temporary folder and nothing else.
public final class WritingFlow {
    public private(set) var stage: FlowStage = .writing
    /// The words being written (as of the last ``write(_:)``).
    public private(set) var text = ""
    /// The answer to "How do you feel now?".
    public private(set) var feeling: Feeling?
    /// The draft found at start, until the person decides about it.
    public private(set) var foundDraft: String?
    /// The entry open in the detail.
    public private(set) var entry: Entry?
    /// Whether anything is kept (the history is reachable).
    public private(set) var hasEntries = false

    private let journal: Journal
    private var drafts: DraftStore
    private let marks: LaunchMarks
    /// False until any draft found at start has been dealt with: until then the draft on disk
    /// belongs to the person's decision, not to this run.
    private var ownsDraft = false
    /// Whether the text changed since it was last saved durably.
    public private(set) var unsaved = false

    public init(journal: Journal, drafts: DraftStore, marks: LaunchMarks) {
        self.journal = journal
        self.drafts = drafts
        self.marks = marks
    }

    /// Looks at the journal, the draft and the first-launch mark, and sets the first stage.
    /// Words an editor was holding when a run of say was killed become the draft first.
    public func start() {
        hasEntries = !journal.list().entries.isEmpty
        drafts.adoptEditorLeftovers()
        do {
            foundDraft = try drafts.load()
        } catch {
            // A draft that cannot be offered (too large, unreadable) is never written over:
            // it is moved aside, or this run writes to a draft of its own, and the person is told.
            foundDraft = nil
            let reason = Self.reason(error)
            if let aside = try? drafts.setAside() {
                startNotice = Copy.draftSetAside(reason, path: aside)
            } else {
                let unread = drafts.path
                drafts = DraftStore.separate(folder: drafts.folder)
                startNotice = Copy.draftSetAside(reason, path: unread)
            }
        }
        if startNotice == nil, drafts.isSeparate { startNotice = Copy.draftInUseElsewhere }
        if !marks.has(.welcomed) {
            stage = .welcome
        } else {
            afterWelcome()
        }
    }

    /// Something to tell the person as the app opens: that the draft is being written in
    /// another window (this one keeps its own), or that a draft that could not be read was
    /// set aside, and where.
    public private(set) var startNotice: String?

    /// Goes past the welcome without marking it seen (input that is not a person at a terminal).
    public func skipWelcome() {
        if stage == .welcome { afterWelcome() }
    }

    private func afterWelcome() {
        if foundDraft != nil {
            stage = .draftOffer
        } else {
            ownsDraft = true
            stage = .writing
        }
    }

    /// Whether leaving now leaves words in the draft.
    public var leftDraft: Bool {
        ownsDraft ? !text.allSatisfy(\.isWhitespace) : foundDraft != nil
    }

    /// Why the last save of the draft failed, or nil when it succeeded (or none was tried):
    /// leaving then must not say the words are saved.
    public private(set) var draftProblem: String?

    /// What to say on leaving with words in the draft: that they are saved, or, when the last
    /// save failed, that they could not be.
    public var leavingMessage: String? {
        guard leftDraft else { return nil }
        if ownsDraft, let draftProblem { return Copy.draftLostOnExit(draftProblem) }
        return Copy.draftKeptOnExit
    }

    /// The choices the current stage offers, in the order they are shown.
    public var choices: [FlowChoice] {
        switch stage {
        case .welcome: return [FlowChoice(.startWriting, Copy.startWriting)]
        case .draftOffer: return [FlowChoice(.continueDraft, Copy.continueDraft), FlowChoice(.discardDraft, Copy.discardDraft)]
        case .feeling: return Feeling.allCases.map { FlowChoice(.feel($0), $0.displayName) }
        case .support: return [FlowChoice(.getSupportNow, Copy.getSupportNow), FlowChoice(.notRightNow, Copy.notRightNow)]
        case let .resources(point): return [FlowChoice(.leaveResources, point == .actions ? Copy.continueLabel : Copy.back)]
        case .actions: return [FlowChoice(.keep, Copy.keepForLater), FlowChoice(.letGo, Copy.letGo), FlowChoice(.close, Copy.close)]
        case .confirmLetGo(.entryWithCopies):
            return [FlowChoice(.letGoCopies(.remove), Copy.copiesRemove), FlowChoice(.letGoCopies(.keep), Copy.copiesLeave),
                    FlowChoice(.cancelLetGo, Copy.letGoCancel)]
        case .confirmLetGo: return [FlowChoice(.confirmLetGo, Copy.letGoConfirm), FlowChoice(.cancelLetGo, Copy.letGoCancel)]
        case .detail:
            let base = [FlowChoice(.delete, Copy.delete), FlowChoice(.back, Copy.back)]
            return entry?.safety == true ? base + [FlowChoice(.getSupport, Copy.getSupport)] : base
        case .writing, .gone, .history: return []
        }
    }

    /// What to know after an entry was let go (words left in copies or in a repository
    /// around the journal, as chosen), or nil; set by each entry let-go.
    public private(set) var letGoNote: String?

    /// The question on the let-go confirmation.
    public var letGoQuestion: String {
        if case let .confirmLetGo(.entryWithCopies(_, paths, entries)) = stage { return Copy.copiesQuestion(paths, entries: entries) }
        return Copy.letGoConfirmation
    }

    /// The words so far, as the person types them. Saved to the draft by ``saveDraft(durable:)``.
    public func write(_ words: String) {
        guard words != text else { return }
        text = words
        unsaved = true
    }

    /// Saves the words to the draft, if this run owns the draft.
    ///
    /// - Parameter durable: flushed to disk (survives a power cut) rather than only handed to
    ///   the system (survives the program being killed).
    /// - Returns: a notice when the draft could not be saved.
    @discardableResult
    public func saveDraft(durable: Bool = true) -> String? {
        guard ownsDraft else { return nil }
        do {
            try drafts.save(text, durable: durable)
        } catch {
            draftProblem = Self.reason(error)
            return Copy.draftNotSaved(Self.reason(error))
        }
        draftProblem = nil
        if durable { unsaved = false }
        return nil
    }

    /// Does what the person chose.
    @discardableResult
    public func perform(_ action: FlowAction) -> FlowResult {
        switch (stage, action) {
        case (.welcome, .startWriting):
            try? marks.set(.welcomed)
            afterWelcome()
        case (.draftOffer, .continueDraft):
            text = foundDraft ?? ""
            foundDraft = nil
            ownsDraft = true
            stage = .writing
        case (.draftOffer, .discardDraft):
            stage = .confirmLetGo(.draft)

        case (.writing, .done):
            if text.allSatisfy(\.isWhitespace) { return .notice(Copy.nothingWritten) }
            let problem = saveDraft()
            if !marks.has(.doneKeyLearned) { try? marks.set(.doneKeyLearned) }
            feeling = nil
            stage = .feeling
            SafetyDetector.prepareInBackground()  // while the person chooses how they feel
            if let problem { return .notice(problem) }
        case (.writing, .openHistory):
            guard hasEntries else { return .none }
            let problem = saveDraft()
            openHistory()
            if let problem { return .notice(problem) }

        case let (.feeling, .feel(chosen)):
            feeling = chosen
            stage = journal.needsSupport(text) ? .support : .actions
        case (.feeling, .back):
            stage = .writing

        case (.support, .getSupportNow):
            stage = .resources(.actions)
        case (.support, .notRightNow), (.support, .back):
            stage = .actions
        case let (.resources(point), .leaveResources), let (.resources(point), .back):
            switch point {
            case .actions: stage = .actions
            case .history: stage = .history
            case .detail: stage = entry == nil ? .history : .detail
            }

        case (.actions, .keep):
            return keep()
        case (.actions, .letGo):
            stage = .confirmLetGo(.writing)
        case (.actions, .close):
            let problem = clearWriting()
            stage = .writing
            return problem.map(FlowResult.notice) ?? .closed
        case (.actions, .back):
            stage = .feeling

        case let (.confirmLetGo(subject), .confirmLetGo):
            return letGo(subject)
        case let (.confirmLetGo(.entryWithCopies(summary, _, _)), .letGoCopies(copies)):
            return letGo(summary, copies: copies)
        case let (.confirmLetGo(subject), .cancelLetGo), let (.confirmLetGo(subject), .back):
            switch subject {
            case .writing: stage = .actions
            case .draft: stage = .draftOffer
            case .entry, .entryWithCopies: stage = .detail
            }

        case let (.gone(thenHistory), .moveOn):
            if thenHistory { openHistory() } else { stage = .writing }

        case (.history, .back):
            stage = .writing
        case let (.history, .open(summary)):
            do {
                entry = try journal.load(summary)
            } catch {
                return .failed(Copy.couldNotOpen(Self.reason(error)))
            }
            stage = .detail
        case let (.history, .supportFor(summary)):
            if summary.safety { stage = .resources(.history) }

        case (.detail, .delete):
            if let entry { stage = .confirmLetGo(.entry(entry.summary)) }
        case (.detail, .back):
            stage = .history
        case (.detail, .getSupport):
            if entry?.safety == true { stage = .resources(.detail) }

        default:
            break
        }
        return .none
    }

    /// Re-reads the history (after a keep or a let-go) and shows it.
    public func openHistory() {
        hasEntries = !journal.list().entries.isEmpty
        stage = .history
    }

    private func keep() -> FlowResult {
        let kept: Entry
        do {
            kept = try journal.keep(text: text, feeling: feeling)
        } catch {
            return .failed(Copy.couldNotKeep(Self.reason(error)))
        }
        let problem = clearWriting()
        hasEntries = true
        stage = .history
        return problem.map(FlowResult.notice) ?? .kept(kept)
    }

    private func letGo(_ subject: LetGoSubject) -> FlowResult {
        letGoNote = nil
        switch subject {
        case .writing:
            let problem = clearWriting()
            stage = .gone(thenHistory: false)
            if let problem { return .notice(problem) }
        case .draft:
            foundDraft = nil
            ownsDraft = true
            let problem = clearWriting()
            stage = .gone(thenHistory: false)
            if let problem { return .notice(problem) }
        case let .entry(summary):
            return letGo(summary, copies: .refuse)
        case let .entryWithCopies(summary, _, _):
            return letGo(summary, copies: .refuse)
        }
        return .gone
    }

    /// Lets a kept entry go. When its words are also elsewhere and `copies` is `.refuse`,
    /// nothing changes and the person is asked about them.
    private func letGo(_ summary: EntrySummary, copies: LetGoCopies) -> FlowResult {
        letGoNote = nil
        let result: LetGoResult
        do {
            result = try journal.letGo(summary, copies: copies)
        } catch let JournalError.copiesElsewhere(paths, entries) where copies == .refuse {
            stage = .confirmLetGo(.entryWithCopies(summary, paths: paths, entries: entries))
            return .none
        } catch {
            stage = .detail
            return .failed(Copy.couldNotLetGo(Self.reason(error)))
        }
        letGoNote = Copy.afterLetGo(result)
        entry = nil
        stage = .gone(thenHistory: true)
        return .gone
    }

    /// Forgets the words and the draft. Returns a notice when the draft could not be removed.
    private func clearWriting() -> String? {
        text = ""
        feeling = nil
        unsaved = false
        do {
            try drafts.clear()
        } catch {
            return Copy.draftNotSaved(Self.reason(error))
        }
        return nil
    }

    /// An error in the person's words.
    public static func reason(_ error: Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    }
}
