/// How a list of items is shared among processes that each handle one contiguous batch: as few
/// batches as the cores can run side by side, none larger than `largest` and none smaller than
/// `smallest` unless the whole list is, and sizes that differ by at most one.
///
/// Starting a process costs as much as handling many items, so a short list is one batch; a long
/// one gets a batch per core; a very long one gets batches of at most `largest`, so what one
/// process holds stays bounded however long the list is.
public enum BatchPlan {
    /// The index ranges of the batches of `count` items, in order, covering every index once.
    /// - Parameters:
    ///   - count: the number of items.
    ///   - cores: how many batches run at once.
    ///   - largest: the most items in a batch (at least 1).
    ///   - smallest: the fewest items worth a batch of its own (at least 1).
    public static func ranges(count: Int, cores: Int, largest: Int, smallest: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let largest = max(1, largest), smallest = max(1, smallest)
        let needed = (count + largest - 1) / largest
        let worthwhile = min(max(1, cores), (count + smallest - 1) / smallest)
        let batches = max(needed, worthwhile)
        let base = count / batches, extra = count % batches
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(batches)
        var start = 0
        for i in 0..<batches {
            let size = base + (i < extra ? 1 : 0)
            ranges.append(start..<start + size)
            start += size
        }
        return ranges
    }
}
