/// The files of a new plugin project (see ``PluginProject``), with `{{NAME}}`-style placeholders.
/// Each language's animator is the same: a cross-fade for push and pop with a `duration`
/// parameter and a shade, a view it makes in setup, keeps in its per-transition state, shows only
/// between the ends and removes in completion.
enum PluginProjectTemplates {
    static let cSource = #"""
    /* {{NAME}}: a Transition Catalog animator plugin in C. Build: make. Check: make test. */
    #include <stdlib.h>
    #include "transition_catalog.h"

    /* What one transition keeps: the shade view it made. */
    typedef struct shade_state {
        tc_view_id_t shade;
    } shade_state_t;

    static double {{SNAKE}}_duration(const tc_animator_t *self, const tc_context_t *ctx) {
        (void)self;
        return ctx->param_values[0]; /* the "duration" parameter */
    }

    /* Stacking, bottom to top: push: from, shade, to; pop: to, shade, from. */
    static bool {{SNAKE}}_setup(const tc_animator_t *self, const tc_context_t *ctx, void **state) {
        (void)self;
        tc_color_t black = {0, 0, 0, 1};
        tc_view_id_t shade = ctx->host->make_view(ctx, TC_ROLE_SHADOW, ctx->container_bounds, black);
        if (shade == TC_VIEW_NONE) return false;
        bool placed = ctx->operation == TC_OPERATION_POP
            ? ctx->host->insert_view_below(ctx, ctx->to_view, ctx->from_view) &&
                  ctx->host->insert_view_below(ctx, shade, ctx->from_view)
            : ctx->host->add_view(ctx, shade) && ctx->host->add_view(ctx, ctx->to_view);
        shade_state_t *s = placed ? malloc(sizeof *s) : NULL;
        if (s == NULL) return false;
        s->shade = shade;
        *state = s;
        return true;
    }

    /* Pure in progress: the states depend on `progress` alone. */
    static void {{SNAKE}}_step(const tc_animator_t *self, const tc_context_t *ctx, void *state,
                               double progress, tc_view_state_t *views, uint32_t view_count) {
        (void)self;
        (void)view_count;
        const shade_state_t *s = state;
        double t = ctx->host->timing_curve(ctx, TC_CURVE_EASE_IN_OUT, progress);
        if (t < 0) t = 0;
        if (t > 1) t = 1;
        views[ctx->from_view].alpha = 1 - t;
        views[ctx->to_view].alpha = t;
        views[s->shade].alpha = 2.4 * t * (1 - t); /* invisible at both ends */
    }

    static void {{SNAKE}}_completion(const tc_animator_t *self, const tc_context_t *ctx, void *state,
                                     bool finished) {
        (void)self;
        (void)finished;
        shade_state_t *s = state;
        ctx->host->remove_view(ctx, s->shade);
        free(s);
    }

    static const tc_param_t {{SNAKE}}_params[] = {
        {
            .id = "duration", .name = "Duration", .doc = "How long the transition lasts.", .unit = "s",
            .type = TC_PARAM_NUMBER, .default_value = 0.35, .min_value = 0.05, .max_value = 5,
        },
    };

    static const tc_animator_t {{SNAKE}}_animator = {
        .abi = TC_ABI_VERSION_INIT,
        .id = "{{NAME}}", .name = "{{TYPE}}", .summary = "A cross-fade that darkens the middle of the transition.",
        .operations = TC_OPERATION_BIT(TC_OPERATION_PUSH) | TC_OPERATION_BIT(TC_OPERATION_POP),
        .flags = TC_ANIMATOR_REVERSIBLE,
        .param_count = 1, .params = {{SNAKE}}_params,
        .duration = {{SNAKE}}_duration, .setup = {{SNAKE}}_setup, .step = {{SNAKE}}_step,
        .completion = {{SNAKE}}_completion,
    };

    static const tc_animator_t *const {{SNAKE}}_animators[] = {&{{SNAKE}}_animator};

    static const tc_plugin_t {{SNAKE}}_plugin = {
        .abi = TC_ABI_VERSION_INIT,
        .id = "{{PLUGIN_ID}}", .name = "{{TYPE}}", .vendor = "Example", .version = "0.1.0",
        .description = "A Transition Catalog plugin.", .license = "Apache-2.0",
        .animator_count = 1, .animators = {{SNAKE}}_animators,
    };

    TC_EXPORT const tc_plugin_t *tc_plugin_entry(void) { return &{{SNAKE}}_plugin; }

    """#

    static let cMakefile = #"""
    # make: build lib{{NAME}}.so. make test: validate it. make preview: look at a push.
    # The header comes from pkg-config (after Transition Catalog's scripts/install), else from
    # the directory this project was made with.
    TC_CFLAGS := $(shell pkg-config --cflags transition-catalog 2>/dev/null || echo -I{{INCLUDE}})
    CATALOG ?= {{CATALOG}}
    CFLAGS ?= -std=c11 -Wall -Wextra -Werror -O2

    {{LIBRARY}}: {{NAME}}.c
    	$(CC) $(CFLAGS) -shared -fPIC $(TC_CFLAGS) $< -o $@ -lm

    test: {{LIBRARY}}
    	$(CATALOG) validate ./{{LIBRARY}} --no-builtins

    preview: {{LIBRARY}}
    	$(CATALOG) preview push {{NAME}} --plugin-path ./{{LIBRARY}} --format png --out {{NAME}}.png

    clean:
    	rm -f {{LIBRARY}} {{NAME}}.png

    .PHONY: test preview clean

    """#

    static let cWasmMakefile = #"""
    # make: build {{NAME}}.wasm, a sandboxed WebAssembly animator. make test: validate it.
    # make preview: look at a push. The same {{NAME}}.c builds natively with
    # `cc -shared -fPIC`: only the target differs. The compiler and linker are the Swift
    # toolchain's clang and wasm-ld; libc and libm are Debian's wasi-libc, linked in.
    TC_CFLAGS := $(shell pkg-config --cflags transition-catalog 2>/dev/null || echo -I{{INCLUDE}})
    CATALOG ?= {{CATALOG}}
    TOOLCHAIN ?= $(dir $(realpath $(shell command -v swift)))
    WASM_CC ?= $(TOOLCHAIN)clang
    WASM_LD ?= $(TOOLCHAIN)wasm-ld
    WASI_SYSROOT ?= /usr
    CFLAGS ?= -std=c11 -Wall -Wextra -Werror -O2

    {{LIBRARY}}: {{NAME}}.c
    	$(WASM_CC) --target=wasm32-wasi -isystem $(WASI_SYSROOT)/include/wasm32-wasi $(CFLAGS) $(TC_CFLAGS) -c $< -o {{NAME}}.o
    	$(WASM_LD) --no-entry --strip-all -L $(WASI_SYSROOT)/lib/wasm32-wasi {{NAME}}.o -lc -o $@

    test: {{LIBRARY}}
    	$(CATALOG) validate ./{{LIBRARY}} --no-builtins

    preview: {{LIBRARY}}
    	$(CATALOG) preview push {{NAME}} --plugin-path ./{{LIBRARY}} --format png --out {{NAME}}.png

    clean:
    	rm -f {{LIBRARY}} {{NAME}}.o {{NAME}}.png

    .PHONY: test preview clean

    """#

    static let swiftPackage = #"""
    // swift-tools-version: 6.1
    import PackageDescription

    let package = Package(
        name: "{{TYPE}}",
        products: [
            .library(name: "{{TYPE}}", type: .dynamic, targets: ["{{TYPE}}"]),
        ],
        dependencies: [
            .package(path: "{{SDK}}/swift"),
        ],
        targets: [
            .target(name: "{{TYPE}}", dependencies: [.product(name: "TransitionPluginSDK", package: "swift")]),
        ],
        swiftLanguageModes: [.v6]
    )

    """#

    static let swiftSource = #"""
    import TransitionPluginSDK

    /// A cross-fade that darkens the middle of the transition.
    struct {{TYPE}}: Animator {
        static let info = AnimatorInfo(
            id: "{{NAME}}", name: "{{TYPE}}", summary: "A cross-fade that darkens the middle of the transition.",
            operations: [.push, .pop], reversible: true,
            parameters: [.number("duration", name: "Duration", doc: "How long the transition lasts.", unit: "s", default: 0.35, range: 0.05...5)])

        /// What one transition keeps: the shade view it made.
        struct State { var shade: ViewID }

        func duration(_ ctx: Context) -> Double { ctx.parameter(0) }

        /// Stacking, bottom to top: push: from, shade, to; pop: to, shade, from.
        func setup(_ ctx: Context) -> State? {
            guard let from = ctx.fromView, let to = ctx.toView,
                  let shade = ctx.makeView(role: TC_ROLE_SHADOW, frame: ctx.container, color: tc_color_t(r: 0, g: 0, b: 0, a: 1))
            else { return nil }
            let placed = ctx.operation == .pop
                ? ctx.insertView(to, below: from) && ctx.insertView(shade, below: from)
                : ctx.addView(shade) && ctx.addView(to)
            return placed ? State(shade: shade) : nil
        }

        /// Pure in progress: the states depend on `progress` alone.
        func step(_ ctx: Context, state: State, progress: Double, views: Views) {
            let t = min(max(ctx.timingCurve(TC_CURVE_EASE_IN_OUT, progress), 0), 1)
            views[ctx.fromView].alpha = 1 - t
            views[ctx.toView].alpha = t
            views[state.shade].alpha = 2.4 * t * (1 - t) // invisible at both ends
        }

        func completion(_ ctx: Context, state: State, finished: Bool) {
            ctx.removeView(state.shade)
        }
    }

    let plugin = Plugin(
        PluginInfo(id: "{{PLUGIN_ID}}", name: "{{TYPE}}", vendor: "Example", version: "0.1.0",
                   description: "A Transition Catalog plugin.", license: "Apache-2.0"),
        animators: [.animator({{TYPE}}.self)])

    @_cdecl("tc_plugin_entry") public func tcPluginEntry() -> UnsafeRawPointer { plugin.entry }

    """#

    static let swiftWasmMakefile = #"""
    # make: build {{NAME}}.wasm, a sandboxed WebAssembly animator, with Embedded Swift.
    # make test: validate it. make preview: look at a push. The same source builds natively
    # with `swift build` (Package.swift). The compilers and linker are the Swift toolchain's;
    # libc and libm are Debian's wasi-libc, linked in. binding.c compiles the header's wasm32
    # binding into the module.
    SDK ?= {{SDK}}/swift
    TC_INCLUDE ?= {{INCLUDE}}
    CATALOG ?= {{CATALOG}}
    TOOLCHAIN ?= $(dir $(realpath $(shell command -v swift)))
    SWIFTC ?= $(TOOLCHAIN)swiftc
    WASM_CC ?= $(TOOLCHAIN)clang
    WASM_LD ?= $(TOOLCHAIN)wasm-ld
    WASI_SYSROOT ?= /usr
    OUT := .build/wasm
    EMBEDDED := -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo -Osize \
    	-parse-as-library -Xfrontend -disable-stack-protector -Xcc -isystem -Xcc $(WASI_SYSROOT)/include/wasm32-wasi \
    	-I $(SDK)/Sources/CTransitionCatalog

    {{LIBRARY}}: Sources/{{TYPE}}/*.swift binding.c
    	mkdir -p $(OUT)
    	$(SWIFTC) $(EMBEDDED) -module-name TransitionPluginSDK -emit-module -emit-module-path $(OUT)/TransitionPluginSDK.swiftmodule \
    		-c $(SDK)/Sources/TransitionPluginSDK/*.swift -o $(OUT)/TransitionPluginSDK.o
    	$(SWIFTC) $(EMBEDDED) -module-name {{TYPE}} -I $(OUT) -c Sources/{{TYPE}}/*.swift -o $(OUT)/{{TYPE}}.o
    	$(WASM_CC) --target=wasm32-wasi -isystem $(WASI_SYSROOT)/include/wasm32-wasi -I$(TC_INCLUDE) -std=c11 -O2 -Wall -Werror -c binding.c -o $(OUT)/binding.o
    	$(WASM_LD) --no-entry --strip-all --export=tc_plugin_entry -L $(WASI_SYSROOT)/lib/wasm32-wasi \
    		$(OUT)/binding.o $(OUT)/{{TYPE}}.o $(OUT)/TransitionPluginSDK.o -lc -o $@

    test: {{LIBRARY}}
    	$(CATALOG) validate ./{{LIBRARY}} --no-builtins

    preview: {{LIBRARY}}
    	$(CATALOG) preview push {{NAME}} --plugin-path ./{{LIBRARY}} --format png --out {{NAME}}.png

    clean:
    	rm -rf $(OUT) {{LIBRARY}} {{NAME}}.png

    .PHONY: test preview clean

    """#

    static let swiftWasmBinding = #"""
    /* The C half of the module: included for wasm32, transition_catalog.h defines the wasm32
     * binding (the tc_wasm_* exports, the host tables and the "tc_host" imports). Swift's clang
     * importer reads those definitions but emits no code for them, so this file compiles them in. */
    #include "transition_catalog.h"

    #include <stddef.h>

    void arc4random_buf(void *buffer, size_t count);

    /* Embedded Swift's Hasher seeds itself with arc4random_buf. wasi-libc's would bring stdio and
     * its WASI imports, which the sandbox refuses; every transition starts from the same state
     * anyway, so a fixed seed is all a module could use. */
    void arc4random_buf(void *buffer, size_t count) {
        unsigned char *bytes = buffer;
        for (size_t i = 0; i < count; i++) bytes[i] = (unsigned char)(0x9e + 0x37 * i);
    }

    """#

    static let swiftMakefile = #"""
    # make: build the plugin. make test: validate it. make preview: look at a push.
    CATALOG ?= {{CATALOG}}

    build:
    	swift build

    test: build
    	$(CATALOG) validate ./{{LIBRARY}} --no-builtins

    preview: build
    	$(CATALOG) preview push {{NAME}} --plugin-path ./{{LIBRARY}} --format png --out {{NAME}}.png

    clean:
    	rm -rf .build {{NAME}}.png

    .PHONY: build test preview clean

    """#

    static let rustManifest = #"""
    [package]
    name = "{{NAME}}"
    version = "0.1.0"
    edition = "2021"
    license = "Apache-2.0"
    publish = false

    [lib]
    crate-type = ["cdylib"]

    [dependencies]
    transition-catalog = { path = "{{SDK}}/rust/transition-catalog" }

    # A workspace of its own, wherever the project is.
    [workspace]

    """#

    static let rustSource = #"""
    //! {{NAME}}: a Transition Catalog animator plugin in Rust.
    use transition_catalog::sys::{TC_CURVE_EASE_IN_OUT, TC_LOG_DEBUG};
    use transition_catalog::{export_plugin, Animator, AnimatorInfo, Color, Context, Operation, ParamInfo, ViewId, ViewRole, Views};

    /// A cross-fade that darkens the middle of the transition.
    pub struct Animation;

    /// What one transition keeps: the shade view it made.
    pub struct State {
        shade: ViewId,
    }

    impl Animator for Animation {
        type State = State;

        fn info() -> AnimatorInfo {
            AnimatorInfo {
                id: "{{NAME}}",
                name: "{{TYPE}}",
                summary: "A cross-fade that darkens the middle of the transition.",
                operations: &[Operation::Push, Operation::Pop],
                styles: &[],
                reversible: true,
                params: vec![ParamInfo::number("duration", "Duration", "How long the transition lasts.", "s", 0.35, 0.05, 5.0)],
            }
        }

        fn new() -> Self {
            Animation
        }

        fn duration(&self, ctx: &Context) -> f64 {
            ctx.param(0)
        }

        /// Stacking, bottom to top: push: from, shade, to; pop: to, shade, from.
        fn setup(&self, ctx: &Context) -> Option<State> {
            let (from, to) = (ctx.from_view()?, ctx.to_view()?);
            let shade = ctx.make_view(ViewRole::Shadow, ctx.container(), Color { r: 0.0, g: 0.0, b: 0.0, a: 1.0 })?;
            let placed = if ctx.operation() == Some(Operation::Pop) {
                ctx.insert_view_below(to, from) && ctx.insert_view_below(shade, from)
            } else {
                ctx.add_view(shade) && ctx.add_view(to)
            };
            ctx.log(TC_LOG_DEBUG, "{{NAME}}: set up");
            placed.then_some(State { shade })
        }

        /// Pure in progress: the states depend on `progress` alone.
        fn step(&self, ctx: &Context, state: &State, progress: f64, views: &mut Views) {
            let t = ctx.timing_curve(TC_CURVE_EASE_IN_OUT, progress).clamp(0.0, 1.0);
            if let Some(from) = views.get(ctx.from_view()) {
                from.alpha = 1.0 - t;
            }
            if let Some(to) = views.get(ctx.to_view()) {
                to.alpha = t;
            }
            if let Some(shade) = views.get(Some(state.shade)) {
                shade.alpha = 2.4 * t * (1.0 - t); // invisible at both ends
            }
        }

        fn completion(&self, ctx: &Context, state: State, _finished: bool) {
            ctx.remove_view(state.shade);
        }
    }

    export_plugin! {
        id: "{{PLUGIN_ID}}",
        name: "{{TYPE}}",
        vendor: "Example",
        version: "0.1.0",
        description: "A Transition Catalog plugin.",
        license: "Apache-2.0",
        animators: [Animation],
    }

    """#

    static let rustMakefile = #"""
    # make: build the plugin. make test: validate it. make preview: look at a push.
    CATALOG ?= {{CATALOG}}

    build:
    	cargo build --offline

    test: build
    	$(CATALOG) validate ./{{LIBRARY}} --no-builtins

    preview: build
    	$(CATALOG) preview push {{NAME}} --plugin-path ./{{LIBRARY}} --format png --out {{NAME}}.png

    clean:
    	cargo clean
    	rm -f {{NAME}}.png

    .PHONY: build test preview clean

    """#

    static let readme = #"""
    # {{NAME}}

    A Transition Catalog animator plugin in {{LANGUAGE}}: `{{NAME}}`, a cross-fade for push and pop
    with a `duration` parameter and a shade that darkens the middle of the transition.

    ```sh
    make            # build {{LIBRARY}}
    make test       # run `catalog validate` on it
    make preview    # draw a push into {{NAME}}.png
    catalog run --plugin-path ./{{LIBRARY}} --source transitions.json push pop
    ```

    To have `catalog` find it without `--plugin-path`, copy the library into
    `~/.local/share/transition-catalog/plugins/`.

    """#

    static let transitions = #"""
    {
      "version": 1,
      "rules": [
        { "operation": ["push", "pop"], "animator": "{{NAME}}", "parameters": { "duration": 0.35 } }
      ]
    }

    """#
}
