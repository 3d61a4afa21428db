import TransitionCore

/// What a view's card shows, laid out for one card size in the card's own coordinates (origin at
/// the top-left of its untransformed frame): a title bar with the role's name and a few content
/// blocks over the body. Every renderer draws these same blocks, so the formats agree.
public struct CardFace: Sendable, Hashable {
    /// A filled rounded rectangle on the card.
    public struct Block: Sendable, Hashable {
        /// Where it is, in card coordinates.
        public var rect: Rect
        /// Its corner radius.
        public var radius: Double
        /// Its fill.
        public var color: Color
    }

    /// A line of text on the card.
    public struct Label: Sendable, Hashable {
        /// The text.
        public var text: String
        /// The left edge of the text.
        public var x: Double
        /// The vertical centre of the line box.
        public var centerY: Double
        /// The height of the line box (CSS line-height).
        public var lineHeight: Double
        /// The font size in points.
        public var fontSize: Double
        /// True for the bold face.
        public var bold: Bool
        /// The text colour.
        public var color: Color
    }

    /// The card size the face is laid out for.
    public var width: Double
    /// The card size the face is laid out for.
    public var height: Double
    /// The body's fill (the view's own or its role's colour).
    public var body: Color
    /// The blocks over the body, bottom first.
    public var blocks: [Block]
    /// The role label, when the card is large enough to carry one.
    public var label: Label?

    /// Lays out the face of a card of role `role` and size `width` x `height` filled with `body`.
    public init(role: ViewRole, width: Double, height: Double, body: Color, style: CardStyle) {
        self.width = width
        self.height = height
        self.body = body
        blocks = []
        label = nil
        let unit = min(width, height / 2)
        let pad = min(max(unit * 0.04, 3), 16)
        let screenLike = role.isScreen || role == .snapshot
        guard screenLike else {
            // Views an animator made (dimming, shadows, tiles) stay flat, with a small caption in
            // the bottom-left corner, clear of the title bar of a screen they lie over.
            let size = min(unit * 0.05, 20)
            if size >= 7 && width >= 80 && height >= 40 {
                var color = style.label
                color.alpha = 0.75
                label = Label(
                    text: role.name, x: pad, centerY: height - pad - size, lineHeight: size * 1.4, fontSize: size, bold: false, color: color)
            }
            return
        }
        guard width >= 48 && height >= 64 else {
            let size = min(unit * 0.3, 13)
            if size >= 6 {
                label = Label(text: role.name, x: min(pad, width * 0.1), centerY: height / 2, lineHeight: size * 1.4, fontSize: size, bold: true, color: style.label)
            }
            return
        }
        let barHeight = min(max(unit * 0.13, 8), 52)
        let bar = Rect(x: pad, y: pad, width: width - 2 * pad, height: barHeight)
        blocks.append(Block(rect: bar, radius: barHeight * 0.3, color: body.mixed(with: .black, 0.3)))
        label = Label(
            text: role.name, x: pad + barHeight * 0.35, centerY: bar.midY, lineHeight: barHeight,
            fontSize: barHeight * 0.5, bold: true, color: style.label)
        let inner = width - 2 * pad
        let heroTop = bar.maxY + pad
        let heroHeight = min(height * 0.24, height - heroTop - pad)
        guard heroHeight > pad else { return }
        blocks.append(Block(
            rect: Rect(x: pad, y: heroTop, width: inner, height: heroHeight), radius: pad * 0.8,
            color: body.mixed(with: .white, 0.22)))
        let lineHeight = min(max(unit * 0.03, 2), 12)
        var y = heroTop + heroHeight + pad * 1.3
        let widths = [0.92, 0.78, 0.86, 0.55, 0.9, 0.7]
        for fraction in widths where y + lineHeight <= height - pad {
            blocks.append(Block(
                rect: Rect(x: pad, y: y, width: inner * fraction, height: lineHeight), radius: lineHeight / 2,
                color: body.mixed(with: .white, 0.32)))
            y += lineHeight * 2.3
        }
    }
}
