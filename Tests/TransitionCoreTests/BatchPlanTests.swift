import Testing
import TransitionCore

/// How files are shared among scanning processes.
@Suite("batch plan")
struct BatchPlanTests {
    @Test("every index is in exactly one batch, in order, sizes within one of each other and at most the largest",
          arguments: [(0, 2, 1000, 128), (1, 2, 1000, 128), (5, 2, 2, 128), (100, 2, 1000, 128), (1000, 2, 1000, 128),
                      (1001, 3, 250, 10), (10_000, 2, 1000, 128), (7, 16, 1000, 1)])
    func covers(count: Int, cores: Int, largest: Int, smallest: Int) {
        let ranges = BatchPlan.ranges(count: count, cores: cores, largest: largest, smallest: smallest)
        #expect(ranges.flatMap { Array($0) } == Array(0..<count))
        #expect(ranges.allSatisfy { !$0.isEmpty && $0.count <= largest })
        let sizes = ranges.map(\.count)
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
    }

    @Test("a short list is one batch; a long one one per core; a very long one batches of the largest size")
    func batchCounts() {
        #expect(BatchPlan.ranges(count: 100, cores: 2, largest: 1000, smallest: 128).count == 1)
        #expect(BatchPlan.ranges(count: 1000, cores: 2, largest: 1000, smallest: 128).count == 2)
        #expect(BatchPlan.ranges(count: 1000, cores: 8, largest: 1000, smallest: 128).count == 8)
        #expect(BatchPlan.ranges(count: 300, cores: 8, largest: 1000, smallest: 128).count == 3)
        #expect(BatchPlan.ranges(count: 10_000, cores: 2, largest: 1000, smallest: 128).count == 10)
        #expect(BatchPlan.ranges(count: 5, cores: 2, largest: 2, smallest: 128).map(\.count) == [2, 2, 1])
        #expect(BatchPlan.ranges(count: 5, cores: 0, largest: 0, smallest: 0).count == 5)
    }
}
