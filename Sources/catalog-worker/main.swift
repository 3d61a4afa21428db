import PluginHost

#if canImport(Glibc)
import Glibc
#endif

// The worker process of `catalog` and of the C host API: it scans, validates and runs plugins
// for its host (see `WorkerProcess`), and does nothing else. It links the plugin host alone, not
// the argument parser or the renderers, so that a worker starts in less time than `catalog` does.
if let status = WorkerMain.runIfWorker() { exit(status) }
let message = "catalog-worker runs plugin code for catalog and is started by it; run catalog instead\n"
_ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
exit(2)
