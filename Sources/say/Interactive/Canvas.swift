/// A list of choices, chosen with the arrow keys and Enter or with the digit beside each.
struct Menu: Equatable, Sendable {
    var items: [String]
    var selection: Int

    init(_ items: [String], selection: Int = 0) {
        self.items = items
        self.selection = min(max(selection, 0), max(items.count - 1, 0))
    }

    /// What a key did to the menu.
    enum Result: Equatable {
        /// The item at this index was chosen.
        case chosen(Int)
        /// The selection moved (or nothing happened).
        case moved
        /// Not a menu key.
        case ignored
    }

    /// Handles a key. `vertical` says which arrows move the selection (up/down for a list,
    /// left/right for a row of actions); Tab always moves forward.
    mutating func handle(_ key: Key, vertical: Bool = true) -> Result {
        if let digit = key.digit {
            return digit <= items.count ? .chosen(digit - 1) : .moved
        }
        switch key {
        case .enter:
            return .chosen(selection)
        case .up where vertical, .left where !vertical:
            selection = max(selection - 1, 0)
            return .moved
        case .down where vertical, .right where !vertical, .tab:
            selection = min(selection + 1, items.count - 1)
            return .moved
        case .home:
            selection = 0
            return .moved
        case .end:
            selection = items.count - 1
            return .moved
        default:
            return .ignored
        }
    }
}

/// Lays a screen out top to bottom: a calm column with margins, centred on wide terminals.
struct Canvas {
    let size: TerminalSize
    /// Columns before the content column.
    let left: Int
    /// The content column's width.
    let width: Int
    private(set) var rows: [ScreenRow] = []

    /// The widest the content column gets: a comfortable line length for reading and writing.
    static let maximumWidth = 72

    init(size: TerminalSize) {
        self.size = size
        let margins = Canvas.margins(columns: size.columns)
        left = margins.left
        width = margins.width
    }

    /// The left margin and content width for a terminal `columns` wide.
    static func margins(columns: Int) -> (left: Int, width: Int) {
        let columns = max(columns, 1)
        let margin = columns >= 60 ? 4 : (columns >= 24 ? 2 : 0)
        let width = max(1, min(maximumWidth, columns - 2 * margin))
        return (max(margin, (columns - width) / 2), width)
    }

    /// Rows laid out by another canvas of the same size.
    mutating func append(_ more: [ScreenRow]) {
        rows += more
    }

    mutating func blank(_ count: Int = 1) {
        for _ in 0 ..< count { rows.append(.blank) }
    }

    /// One row, cut with "…" when it does not fit.
    mutating func line(_ text: String, _ style: TextStyle = .plain) {
        rows.append(ScreenRow(DisplayWidth.truncate(TerminalText.visible(text), to: width), style, indent: left))
    }

    /// Several spans on one row, the last cut to fit.
    mutating func spans(_ spans: [Span], indent: Int = 0) {
        var fitted: [Span] = [Span(String(repeating: " ", count: left + indent))]
        var room = width - indent
        for span in spans where room > 0 {
            let text = DisplayWidth.truncate(TerminalText.visible(span.text), to: room)
            room -= DisplayWidth.of(text)
            fitted.append(Span(text, span.style))
        }
        rows.append(ScreenRow(spans: fitted))
    }

    /// Text wrapped at word boundaries to the content width.
    mutating func paragraph(_ text: String, _ style: TextStyle = .plain, indent: Int = 0) {
        for line in DisplayWidth.wrap(TerminalText.visible(text, keepingLineBreaks: true), width: max(width - indent, 1)) {
            rows.append(ScreenRow(line, style, indent: left + indent))
        }
    }

    /// A row whose two-column selection marker (`› ` or blanks) hangs in the left margin, so
    /// the text lines up with the rest of the column; inside the column when there is no margin.
    mutating func marked(_ selected: Bool, _ text: String, _ style: TextStyle) {
        let marker = selected ? "› " : "  "
        if left >= 2 {
            let fitted = DisplayWidth.truncate(TerminalText.visible(text), to: width)
            rows.append(ScreenRow(spans: [Span(String(repeating: " ", count: left - 2)), Span(marker), Span(fitted, style)]))
        } else {
            spans([Span(marker), Span(text, style)])
        }
    }

    /// A vertical menu: `› 1  lighter`, the selected item marked and bold.
    mutating func menu(_ menu: Menu) {
        for (index, item) in menu.items.enumerated() {
            let selected = index == menu.selection
            marked(selected, "\(index + 1)  " + item, selected ? .bold : .plain)
        }
    }

    /// A row of actions, `› 1 Delete   2 Back`, flowing onto more rows when narrow.
    mutating func actionRow(_ menu: Menu) {
        var current: [Span] = []
        var used = 0
        for (index, item) in menu.items.enumerated() {
            let selected = index == menu.selection
            let label = "\(index + 1) " + item
            let cell = 2 + DisplayWidth.of(label)
            if !current.isEmpty, used + 3 + cell > width + (left >= 2 ? 2 : 0) {
                hangingSpans(current)
                current = []
                used = 0
            }
            if !current.isEmpty {
                current.append(Span("   "))
                used += 3
            }
            current.append(Span(selected ? "› " : "  "))
            current.append(Span(label, selected ? .bold : .plain))
            used += cell
        }
        if !current.isEmpty { hangingSpans(current) }
    }

    /// Lays spans for a row of marked items out so the first marker hangs in the margin.
    private mutating func hangingSpans(_ spans: [Span]) {
        if left >= 2 {
            rows.append(ScreenRow(spans: [Span(String(repeating: " ", count: left - 2))] + spans))
        } else {
            self.spans(spans)
        }
    }

    /// The finished frame: the rows laid out so far (cut to fit), blank rows, then `footer`
    /// at the bottom.
    func frame(footer: [ScreenRow] = [], cursor: (row: Int, column: Int)? = nil) -> Frame {
        let footer = Array(footer.suffix(size.rows))
        var body = Array(rows.prefix(max(size.rows - footer.count, 0)))
        body += Array(repeating: ScreenRow.blank, count: size.rows - footer.count - body.count)
        return Frame(rows: body + footer, cursor: cursor)
    }

    /// A row for the footer, in the content column.
    func footerRow(_ text: String, _ style: TextStyle = .dim) -> ScreenRow {
        ScreenRow(DisplayWidth.truncate(TerminalText.visible(text), to: width), style, indent: left)
    }

    /// A footer line wrapped to the content column, so a longer notice is read whole (at most
    /// three rows, and never more than half the screen).
    func footerRows(_ text: String, _ style: TextStyle = .dim) -> [ScreenRow] {
        let lines = DisplayWidth.wrap(TerminalText.visible(text), width: width)
        let most = max(1, min(3, size.rows / 2))
        if lines.count <= most { return lines.map { ScreenRow($0, style, indent: left) } }
        var kept = Array(lines.prefix(most))
        kept[most - 1] = DisplayWidth.truncate(kept[most - 1] + " " + lines[most...].joined(separator: " "), to: width)
        return kept.map { ScreenRow($0, style, indent: left) }
    }

    /// One row with `text` centred in the content column.
    mutating func centred(_ text: String, _ style: TextStyle) {
        let fitted = DisplayWidth.truncate(TerminalText.visible(text), to: width)
        let free = max(width - DisplayWidth.of(fitted), 0)
        spans([Span(String(repeating: " ", count: free / 2)), Span(fitted, style)])
    }
}
