//! The wasm heap grown once for the start, instead of a little at a time.
//!
//! The allocator asks the browser for more linear memory whenever it runs out, a few pages at a
//! time: decoding the catalog and building the page grew it about 75 times, each growth a
//! pause of its own inside a slice of the start (23 ms in all on a desktop, four times that on
//! a slow phone; a trace's `wasm.GrowMemory`). Taking what the start will need in one growth,
//! and handing it straight back to the allocator, leaves the memory to be carved up without
//! asking again. Pages never written stay untouched, so reserving costs address space, not
//! memory.

/// How much the start allocates per byte of the catalog file (the decoded catalog, the
/// explorer, the page): about two, so the reserve covers it with a little to spare.
const PER_CATALOG_BYTE: usize = 2;

/// Grows the heap once by what a start with a catalog file of `catalog_bytes` will allocate.
pub fn reserve_for_start(catalog_bytes: usize) {
    let reserve: Vec<u8> = Vec::with_capacity(catalog_bytes.saturating_mul(PER_CATALOG_BYTE));
    // Allocated and freed at once: `black_box` keeps the compiler from dropping the pair,
    // and the allocator keeps the freed block for the allocations that follow.
    drop(std::hint::black_box(reserve));
}
