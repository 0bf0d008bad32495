import MarkdownStore

/// libFuzzer's entry point: every input must be read or refused, never crash, hang or allocate
/// what a header merely claims.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _GitPackFuzzing.exercise(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
