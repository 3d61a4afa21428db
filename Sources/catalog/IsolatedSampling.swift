import PluginHost
import TransitionCore

/// Sampling for the commands that draw transitions: the plugin runs in a worker process, and the
/// host draws only what the worker reports, after checking every value.
enum IsolatedSampling {
    /// Samples `animator` in `context` at the progresses `progresses` gives for its duration. With
    /// `pool`, the transitions of one plugin file share its worker (a command that samples many).
    /// - Throws: `CLIError` with one line naming the animator, the call and the signal, limit or
    ///   value, when the plugin crashes, hangs, exits or returns something the host cannot use.
    static func sample(
        _ animator: some DescribedAnimator, context: TransitionContext, parameters: [Double]? = nil, inProcess: Bool = false,
        pool: WorkerPool? = nil, progresses: (Double) -> [Double]
    ) throws -> SampledTransition {
        // A wasm plugin runs sandboxed in this process: it needs no worker to be survived.
        if inProcess || PluginDoor.of(animator.pluginPath) == .wasm { return try sampleInProcess(animator, context: context, parameters: parameters, progresses: progresses) }
        let sampler = IsolatedSampler(executable: WorkerExecutable.current(), pool: pool)
        do {
            let (sampled, printed) = try sampler.run(
                path: animator.pluginPath, animatorID: animator.id, qualifiedID: animator.qualifiedID, context: context,
                parameters: parameters, progresses: progresses)
            if let text = printed.stdout { printError("warning: \(animator.qualifiedID) wrote to stdout, which belongs to the host: \(text)") }
            if let text = printed.stderr { printError("\(animator.qualifiedID) stderr: \(text)") }
            for line in printed.sandbox { printError("warning: \(animator.qualifiedID): \(line)") }
            return sampled
        } catch {
            throw CLIError("\(error)")
        }
    }

    /// The same sampling with the plugin loaded into this process (`--in-process`): faster, and a
    /// plugin that crashes takes the command with it.
    static func sampleInProcess(
        _ described: some DescribedAnimator, context: TransitionContext, parameters: [Double]?, progresses: (Double) -> [Double]
    ) throws -> SampledTransition {
        do {
            guard let animator = try PluginLibrary.load(path: described.pluginPath).animator(described.id) else {
                throw CLIError("\(DisplayText.escape(described.pluginPath)) no longer has animator '\(described.id)'; run with --no-cache")
            }
            let probe = animator.begin(context, parameters: parameters)
            let duration = probe.duration()
            if let failure = probe.failure { throw CLIError(failure) }
            try PluginValueCheck.duration(duration, animator: animator.qualifiedID, operation: context.operation)
            return try animator.run(context, parameters: parameters, progresses: progresses(duration))
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("\(error)")
        }
    }
}
