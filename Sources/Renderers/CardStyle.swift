import TransitionCore

/// How previews look: the colours of the page, the device screen and each role's cards, the
/// font, and the device's corner radius. Every renderer draws with the same style, so a PNG, a
/// GIF, an HTML page and a Lottie file of one transition look alike.
public struct CardStyle: Sendable, Hashable {
    /// Around the device: the page, the filmstrip and GIF margins.
    public var backdrop: Color
    /// The device screen behind the views.
    public var screen: Color
    /// The from-view's card.
    public var from: Color
    /// The to-view's card.
    public var to: Color
    /// A snapshot's card.
    public var snapshot: Color
    /// A dimming view, when the animator gave it no colour.
    public var dimming: Color
    /// A shadow, when the animator gave it no colour.
    public var shadow: Color
    /// A tile, when the animator gave it no colour.
    public var tile: Color
    /// Any other view an animator made, when it gave it no colour.
    public var decoration: Color
    /// The role label on a card.
    public var label: Color
    /// Captions: titles and progress labels.
    public var caption: Color
    /// The font family of labels and captions (a fontconfig name, also used by the HTML pages).
    public var fontFamily: String
    /// The device screen's corner radius as a fraction of its shorter side.
    public var deviceCornerFraction: Double
    /// Whether cards carry their role labels ("from", "to", "dimming"). A picture compared with a
    /// format that has no text, such as a Lottie file, is drawn without them.
    public var drawsRoleLabels = true

    /// Creates a style.
    public init(
        backdrop: Color, screen: Color, from: Color, to: Color, snapshot: Color, dimming: Color, shadow: Color,
        tile: Color, decoration: Color, label: Color, caption: Color, fontFamily: String, deviceCornerFraction: Double
    ) {
        self.backdrop = backdrop
        self.screen = screen
        self.from = from
        self.to = to
        self.snapshot = snapshot
        self.dimming = dimming
        self.shadow = shadow
        self.tile = tile
        self.decoration = decoration
        self.label = label
        self.caption = caption
        self.fontFamily = fontFamily
        self.deviceCornerFraction = deviceCornerFraction
    }

    /// The standard look: a dark neutral page, a blue from-view, an orange to-view, purple
    /// snapshots and black dimming.
    public static let standard = CardStyle(
        backdrop: .rgb(0x17, 0x18, 0x1C), screen: .rgb(0x2B, 0x2D, 0x34),
        from: .rgb(0x4A, 0x90, 0xD9), to: .rgb(0xF5, 0xA6, 0x23), snapshot: .rgb(0x9B, 0x59, 0xB6),
        dimming: .black, shadow: Color(red: 0, green: 0, blue: 0, alpha: 0.35), tile: .rgb(0x50, 0xC8, 0x78),
        decoration: .rgb(0xA0, 0xA0, 0xA0), label: .white, caption: .rgb(0xB4, 0xB8, 0xC2),
        fontFamily: "DejaVu Sans", deviceCornerFraction: 0.1)

    /// The colour a role's card has when the view brings none of its own.
    public func color(for role: ViewRole) -> Color {
        switch role {
        case .from: from
        case .to: to
        case .snapshot: snapshot
        case .dimming: dimming
        case .shadow: shadow
        case .tile: tile
        case .decoration: decoration
        }
    }

    /// The fill of a view: its own colour for views an animator made (dimming, tiles), else its
    /// role's colour.
    public func fill(for view: SampledView) -> Color {
        if !view.role.isScreen, let own = view.state.color { return own }
        return color(for: view.role)
    }

    /// The device screen's corner radius for a container.
    public func deviceCornerRadius(for bounds: Rect) -> Double {
        (min(bounds.width, bounds.height) * deviceCornerFraction).rounded()
    }
}

extension Color {
    /// An opaque colour from 8-bit components.
    static func rgb(_ r: Int, _ g: Int, _ b: Int) -> Color {
        Color(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255)
    }

    /// This colour mixed with `other` by `amount` (0 keeps this colour), alpha kept.
    func mixed(with other: Color, _ amount: Double) -> Color {
        Color(
            red: red + (other.red - red) * amount, green: green + (other.green - green) * amount,
            blue: blue + (other.blue - blue) * amount, alpha: alpha)
    }

    /// `#rrggbb`, or `rgba(r,g,b,a)` when not opaque, for CSS.
    var css: String {
        func byte(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
        if alpha >= 1 {
            let hex = [byte(red), byte(green), byte(blue)].map { v -> String in
                let s = String(v, radix: 16)
                return s.count == 1 ? "0" + s : s
            }
            return "#" + hex.joined()
        }
        return "rgba(\(byte(red)),\(byte(green)),\(byte(blue)),\(Format.number(alpha, decimals: 3)))"
    }
}
