import Foundation

/// glibc's allocator keeps memory a thread freed in that thread's arena, and, once it has seen a large
/// block freed, serves blocks of up to that size from its arenas too: the frames of a @3x export (14 MB
/// each) stayed in arenas after use, and the peak of the same export varied widely from run to run (bench
/// scene `screen3x`). Blocks of 4 MB and more (frames from @2× up) are mapped and unmapped on their own,
/// and the heap is given back above 16 MB free (what glibc does by default once it has raised its
/// thresholds): the peak is then steady from run to run and no higher, the 1× scenes (1.3 MB frames)
/// unchanged, none slower. (`mallopt` is looked up at run time: Swift's Glibc module does not
/// import malloc.h. Other systems' allocators give large blocks back as they are freed.)
func boundFreedFrames() {
    #if canImport(Glibc)
    typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(nil, "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
    _ = mallopt(-3, 4 << 20)  // M_MMAP_THRESHOLD
    _ = mallopt(-1, 16 << 20)  // M_TRIM_THRESHOLD
    #endif
}

boundFreedFrames()
exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
