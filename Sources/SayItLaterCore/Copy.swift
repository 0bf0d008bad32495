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
    public static let back = "Back"
    public static let delete = "Delete"

    // MARK: Scriptable commands

    public static func keptSummary(shortID: String) -> String { "Kept for later (\(shortID))." }
    public static let letGoSummary = "Let go. It's gone for good."
    public static let closedSummary = "Closed. Nothing was saved."
    public static func unreadableFiles(_ count: Int) -> String {
        count == 1 ? "1 file in the journal could not be read:" : "\(count) files in the journal could not be read:"
    }
}

/// The static support resources shown by the support screen and `say support`: UK, free.
public struct SupportResource: Sendable, Hashable {
    public let name: String
    public let contact: String
    public let detail: String

    public static let all: [SupportResource] = [
        SupportResource(name: "Samaritans", contact: "116 123", detail: "free, any time, day or night"),
        SupportResource(name: "NHS 111", contact: "111", detail: "when you need help that isn't an emergency"),
        SupportResource(name: "Emergency services", contact: "999", detail: "if you are in danger now"),
    ]
}
