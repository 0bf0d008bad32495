internal import CGit2

/// A git object name: the 20-byte SHA-1 of an object. Shown as 40 lowercase hex digits.
public struct ObjectID: Hashable, Sendable, Comparable, CustomStringConvertible {
    // Three words make hashing and comparing cheap; the bytes are kept in order (big-endian words)
    // so `<` sorts like git sorts object names.
    let high: UInt64
    let middle: UInt64
    let low: UInt32

    /// Object names are already uniformly distributed: one word is enough to hash.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(high)
    }

    /// What sets and dictionaries use: the first word of the name (already uniformly
    /// distributed) mixed with the table's per-process seed, so no set of names chosen in
    /// advance can crowd one bucket. SipHash on every insert and lookup was a tenth of a
    /// let-go, which puts every tree and blob of the history in sets.
    public func _rawHashValue(seed: Int) -> Int {
        Int(truncatingIfNeeded: (high ^ UInt64(UInt(bitPattern: seed))) &* 0x9E37_79B9_7F4A_7C15)
    }

    /// Reads 20 bytes at `pointer`.
    init(bytes pointer: UnsafeRawPointer) {
        high = UInt64(bigEndian: pointer.loadUnaligned(as: UInt64.self))
        middle = UInt64(bigEndian: pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        low = UInt32(bigEndian: pointer.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
    }

    init(_ oid: git_oid) {
        var copy = oid
        self = withUnsafeBytes(of: &copy.id) { ObjectID(bytes: $0.baseAddress!) }  // 20 bytes, never empty
    }

    init(_ pointer: UnsafePointer<git_oid>) {
        self.init(pointer.pointee)
    }

    /// Parses 40 hex digits (either case).
    /// - Parameter hex: the object name.
    /// - Returns: nil when `hex` is not exactly 40 hex digits.
    public init?(hex: String) {
        var bytes = [UInt8]()
        bytes.reserveCapacity(20)
        var pending: UInt8? = nil
        for unit in hex.utf8 {
            let value: UInt8
            switch unit {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): value = unit - UInt8(ascii: "0")
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): value = unit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A") ... UInt8(ascii: "F"): value = unit - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let high = pending {
                bytes.append(high << 4 | value)
                pending = nil
            } else {
                pending = value
            }
        }
        guard bytes.count == 20, pending == nil else { return nil }
        self = bytes.withUnsafeBytes { ObjectID(bytes: $0.baseAddress!) }
    }

    /// The C value, for passing to libgit2.
    var oid: git_oid {
        var result = git_oid()
        withUnsafeMutableBytes(of: &result.id) { store(to: $0.baseAddress!) }
        return result
    }

    /// Writes the 20 bytes at `pointer`.
    func store(to pointer: UnsafeMutableRawPointer) {
        pointer.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
        pointer.storeBytes(of: middle.bigEndian, toByteOffset: 8, as: UInt64.self)
        pointer.storeBytes(of: low.bigEndian, toByteOffset: 16, as: UInt32.self)
    }

    /// Appends the 20 raw bytes.
    func append(to bytes: inout [UInt8]) {
        withUnsafeBytes(of: (high.bigEndian, middle.bigEndian, low.bigEndian)) { raw in
            // The tuple is 24 bytes with padding after the UInt32; only the first 20 are the name.
            bytes.append(contentsOf: raw.prefix(20))
        }
    }

    /// The first byte, for the pack index fan-out table.
    var firstByte: UInt8 { UInt8(truncatingIfNeeded: high >> 56) }

    /// Calls `body` with a pointer to the C value.
    @discardableResult
    func withOID<R>(_ body: (UnsafePointer<git_oid>) throws -> R) rethrows -> R {
        var value = oid
        return try body(&value)
    }

    public var description: String {
        var text = [UInt8]()
        text.reserveCapacity(40)
        var raw = [UInt8]()
        append(to: &raw)
        let digits = Array("0123456789abcdef".utf8)
        for byte in raw {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the 40 hex digits as ASCII bytes.
    func appendHex(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: description.utf8)
    }

    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool {
        (lhs.high, lhs.middle, lhs.low) < (rhs.high, rhs.middle, rhs.low)
    }
}
