// The floor of a Swift tool that reads and writes files and JSON without Foundation's
// internationalisation: it loads what `catalog` loads (FoundationEssentials, Dispatch,
// Synchronization) and does nothing. `catalog list` is read against it as well as against the
// empty program.
import Dispatch
import FoundationEssentials
import Synchronization

let calls = Mutex(0)
calls.withLock { $0 += 1 }
if CommandLine.arguments.count > 1 { print(Date.now, DispatchTime.now().uptimeNanoseconds) }
