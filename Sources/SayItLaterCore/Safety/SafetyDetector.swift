/// On-device phrase matching for suicidal ideation and self-harm. (First version: a short
/// list of direct phrases; the full phrase families replace it.)
public struct SafetyDetector: Sendable {
    public init() {}

    /// True when the text shows suicidal ideation or self-harm intent or acts.
    public func isConcerning(_ text: String) -> Bool {
        let folded = " " + text.lowercased().replacingOccurrences(of: "’", with: "'")
            .split(whereSeparator: { !$0.isLetter && $0 != "'" }).joined(separator: " ") + " "
        return ["kill myself", "want to die", "end my life", "suicidal", "hurt myself"].contains { folded.contains(" " + $0 + " ") }
    }
}
