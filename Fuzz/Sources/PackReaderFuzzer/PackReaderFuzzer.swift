import MarkdownStore

/// libFuzzer's entry point: every input must be read or refused, never crash, hang or allocate
/// what a header merely claims.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _GitPackFuzzing.exercise(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// libFuzzer's driver: parses its command line and runs the fuzzing loop with our callback.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// SwiftPM links executables on Linux with `main` aliased to `<target>_main`, which
/// `-parse-as-library` never emits: this is the entry point, handing over to libFuzzer.
@_cdecl("PackReaderFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzz(data, size) }
}
