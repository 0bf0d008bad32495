import CYaml

/// How far a YAML text grows when its aliases are expanded, counted before the parser sees it.
///
/// A few lines of anchors and aliases ("billion laughs") describe a document with billions of
/// nodes. Yams shares aliased nodes while composing, but its duplicate-key check hashes keys
/// in full, so one such alias used as a mapping key (`? *a9`) takes minutes, or for ever, while
/// say holds the journal's lock. This walks libyaml's events once, in linear time, adding up
/// what each anchor stands for, and stops as soon as the total passes ``maximumNodes``.
enum YAMLAliasBound {
    /// Far more than any front matter a person writes (a 64 KB block without aliases has fewer).
    static let maximumNodes = 100_000

    /// Whether expanding the aliases in `yaml` makes more than ``maximumNodes`` nodes. YAML
    /// that libyaml cannot parse is not judged here (the parser reports it).
    static func expandsTooFar(_ yaml: UnsafeBufferPointer<UInt8>) -> Bool {
        guard yaml.contains(UInt8(ascii: "*")), let base = yaml.baseAddress else { return false }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return false }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, base, yaml.count)
        var anchors: [String: Int] = [:]
        // The node counts of the collections being read, and their anchors.
        var open: [(count: Int, anchor: String?)] = []
        var total = 0

        func add(_ nodes: Int) -> Bool {
            total = total &+ nodes
            if open.isEmpty { return total > maximumNodes }
            open[open.count - 1].count = open[open.count - 1].count &+ nodes
            return total > maximumNodes || open[open.count - 1].count > maximumNodes
        }
        func name(_ pointer: UnsafeMutablePointer<UInt8>?) -> String? {
            pointer.map { String(cString: $0) }
        }

        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { return false }
            defer { yaml_event_delete(&event) }
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return false
            case YAML_SCALAR_EVENT:
                if let anchor = name(event.data.scalar.anchor) { anchors[anchor] = 1 }
                if add(1) { return true }
            case YAML_ALIAS_EVENT:
                let nodes = name(event.data.alias.anchor).flatMap { anchors[$0] } ?? 1
                if add(nodes) { return true }
            case YAML_SEQUENCE_START_EVENT:
                open.append((1, name(event.data.sequence_start.anchor)))
            case YAML_MAPPING_START_EVENT:
                open.append((1, name(event.data.mapping_start.anchor)))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { return false }
                if let anchor = closed.anchor { anchors[anchor] = closed.count }
                total -= closed.count  // counted again as a whole in its parent
                if add(closed.count) { return true }
            default:
                continue
            }
        }
    }
}
