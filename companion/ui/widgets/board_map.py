"""The schematic board map: region buttons placed at the presenter's positions, edges drawn beneath them
(Earth links in white, the orange Thunderbird 3 path dashed), wrap-around links leaving one side of the map and
entering the other, as on the printed board."""

from __future__ import annotations

import math
import struct
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.graphics import Canvas, Color, InstructionGroup, Line, Mesh, SmoothLine
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.widget import Widget

from companion.ui.recently_used import RecentlyUsed
from companion.ui.theme import RGBA, colour, readable_text_on
from companion.ui.widgets.drawn_text import draw_text, fit_text
from companion.ui.widgets.quads import WHOLE, quads


class RegionButton(ButtonBehavior, Widget):
    """A region on the map, drawn on one canvas: its name, what stands there, and, when the selected
    Thunderbird can go there, "→n" (the moves it takes) on the highlight colour. Its box's fill is drawn by the
    map, with every other box of that colour in one draw call (see BoardMap)."""

    region = StringProperty("")
    name = StringProperty("")
    vehicles = StringProperty("")
    pieces = StringProperty("")
    domain = StringProperty("earth")
    is_here = BooleanProperty(False)
    is_destination = BooleanProperty(False)
    distance = StringProperty("")
    action_key = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._problems: list[str] = []
        self._looks: RecentlyUsed[tuple[Any, ...], tuple[Canvas, list[str]]] = RecentlyUsed()
        self._shown_key: tuple[Any, ...] | None = None
        self._redraw = Clock.create_trigger(self._draw, -1)
        #: Called when the box's fill may have changed (its place, its size or its colour): the map's redraw.
        self.on_fill: Any = None
        for name in (
            "pos",
            "size",
            "name",
            "vehicles",
            "pieces",
            "domain",
            "is_here",
            "is_destination",
            "distance",
            "state",
        ):
            self.fbind(name, self._redraw)

    def text_problems(self) -> list[str]:
        return list(self._problems)

    def outline(self) -> tuple[tuple[float, ...], tuple[float, float, float, float]] | None:
        """The outline around the box (its colour and rectangle) where the selected Thunderbird stands or while
        the box is pressed, else None."""
        if self.fill() is None or not (self.is_here or self.state == "down"):
            return None
        ink = colour("text") if self.is_here else colour("button_pressed")
        return tuple(ink), (self.x + 1, self.y + 1, self.width - 2, self.height - 2)

    def fill(self) -> RGBA | None:
        """The box's colour (a destination, space or Earth), or None while it is too small to draw."""
        if self.width <= 4 or self.height <= 4:
            return None
        if self.is_destination:
            return colour("accent")
        return colour("space") if self.domain == "space" else colour("panel_light")

    def _draw(self, *_: Any) -> None:
        """Shows the region as its properties say. Each look drawn is kept (a few per region): picking another
        Thunderbird turns half the map into destinations and back, and a look seen before is swapped in
        rather than built again (its shapes, its texts and their vertex buffers)."""
        app = App.get_running_app()
        key = (
            tuple(self.pos),
            tuple(self.size),
            self.name,
            self.vehicles,
            self.pieces,
            self.domain,
            self.is_here,
            self.is_destination,
            self.distance,
            self.state,
            app.gap,
            app.font_small,
        )
        if key == self._shown_key:
            return
        look = self._looks.take(key)
        if look is None:
            look = self._build(app)
            self._looks.keep(key, look, LOOKS_KEPT)
        self.canvas.clear()
        self.canvas.add(look[0])
        self._problems = list(look[1])
        self._shown_key = key
        if self.on_fill is not None:
            self.on_fill()

    def _build(self, app: Any) -> tuple[Canvas, list[str]]:
        drawing, problems = Canvas(), list[str]()
        fill = self.fill()
        if fill is None:
            return drawing, problems
        ink = readable_text_on(fill)
        pad = app.gap * 0.4
        w, h = self.width - 2 * pad, self.height - 2 * pad
        small = app.font_small
        name = (f"→{self.distance} " if self.is_destination else "") + self.name
        with drawing:
            rows = (
                (name, self.y + pad + h * 0.55, h * 0.45),
                (self.vehicles, self.y + pad + h * 0.26, h * 0.29),
                (self.pieces, self.y + pad, h * 0.26),
            )
            for text, y, height in rows:
                fitted = fit_text(text, w, height, small, small * 0.6, halign="center")
                if fitted is not None and not fitted.fitted and text:
                    problems.append(f"{self.region}: {text!r} does not fit")
                draw_text(fitted, self.x + pad, y, w, height, ink, "center")
        return drawing, problems


#: Looks kept per region: plain, a destination at each distance seen, pressed.
LOOKS_KEPT = 4
#: The outline of the picked Thunderbird's region or a pressed one.
OUTLINE_WIDTH = 2.5


#: The Thunderbird 3 path's dashes: drawn length and gap, in pixels.
DASH_ON, DASH_OFF = 8.0, 5.0


def link_colour() -> tuple[float, float, float, float]:
    """The links' grey at 70 % over the window background, as one opaque colour."""
    grey, ground = colour("text_dim"), colour("background")
    red, green, blue = (grey[i] * 0.7 + ground[i] * 0.3 for i in range(3))
    return red, green, blue, 1.0


def dashes(
    ax: float, ay: float, bx: float, by: float, on: float, off: float
) -> list[tuple[float, float, float, float]]:
    """The segment from a to b cut into dashes `on` long with `off` gaps, the last one cut at b."""
    length = math.hypot(bx - ax, by - ay)
    if length <= 0:
        return []
    ux, uy = (bx - ax) / length, (by - ay) / length
    cuts = []
    start = 0.0
    while start < length:
        end = min(length, start + on)
        cuts.append((ax + ux * start, ay + uy * start, ax + ux * end, ay + uy * end))
        start = end + off
    return cuts


#: Line widths of the Earth links and of the Thunderbird 3 path's dashes, as SmoothLine's `width`.
LINK_WIDTH, PATH_WIDTH = 1.3, 2.0
#: SmoothLine's anti-aliasing fringe (its default `overdraw_width`).
SMOOTH_FRINGE = 1.2
#: SmoothLine drops a point closer than this to the previous one (in both x and y).
SMOOTH_NEARBY = 0.1
#: SmoothLine's two triangles per side and two per fringe between a segment's end vertices (0-3 and 4-7).
SMOOTH_INDICES = (0, 2, 6, 0, 6, 4, 1, 0, 4, 1, 4, 5, 3, 1, 5, 3, 5, 7)


#: Half the length of each stroke of the cross on a closed route, in pixels.
CROSS_SIZE = 7.0


def cross(cx: float, cy: float, half: float) -> list[tuple[float, float, float, float]]:
    """An X centred on (cx, cy): two strokes, each `half` long either side of the centre."""
    return [(cx - half, cy - half, cx + half, cy + half), (cx - half, cy + half, cx + half, cy - half)]


def _single(value: float) -> float:
    """`value` as a C float, as SmoothLine stores its widths."""
    return float(struct.unpack("f", struct.pack("f", value))[0])


def smooth_segments_mesh(segments: list[tuple[float, float, float, float]], width: float) -> Mesh | None:
    """One Mesh drawing straight segments exactly as `SmoothLine(points=[ax, ay, bx, by], width=width)` draws
    each (Kivy's SmoothLine.build_smooth for two points: an inner band and an anti-aliased fringe sampled from
    its gradient texture), or None when there is nothing to draw."""
    inner = max(0.0, _single(width) - 1.0)
    outer = inner + _single(SMOOTH_FRINGE)
    vertices: list[float] = []
    indices: list[int] = []
    for ax, ay, bx, by in segments:
        if abs(bx - ax) < SMOOTH_NEARBY and abs(by - ay) < SMOOTH_NEARBY:
            continue  # SmoothLine draws nothing for a single point
        angle = math.atan2(by - ay, bx - ax)
        a1, a2 = angle - math.pi / 2, angle + math.pi / 2
        c1, s1, c2, s2 = math.cos(a1), math.sin(a1), math.cos(a2), math.sin(a2)
        base = len(vertices) // 4
        for x, y in ((ax, ay), (bx, by)):
            vertices += (
                x + c1 * inner,
                y + s1 * inner,
                0.5,
                0.25,
                x + c2 * inner,
                y + s2 * inner,
                0.5,
                0.75,
                x + c1 * outer,
                y + s1 * outer,
                1.0,
                0.0,
                x + c2 * outer,
                y + s2 * outer,
                1.0,
                1.0,
            )
        indices += (base + i for i in SMOOTH_INDICES)
    if not indices:
        return None
    return Mesh(vertices=vertices, indices=indices, mode="triangles", texture=_smooth_texture())


def rectangles_mesh(boxes: list[tuple[float, float, float, float]]) -> Mesh:
    """One Mesh of rectangles (x, y, width, height), each made of the two triangles Kivy's Rectangle draws."""
    vertices, indices = quads((box, WHOLE) for box in boxes)
    return Mesh(vertices=vertices, indices=indices, mode="triangles")


def _smooth_texture() -> Any:
    """SmoothLine's own gradient texture (Kivy makes it once and caches it)."""
    return SmoothLine(points=[0, 0, 1, 1]).texture


#: Tracy Island (South Pacific) is where most pieces stand, and it has room around it on the map.
WIDER = {"south-pacific": 1.6}


class BoardMap(FloatLayout):
    regions = ListProperty([])
    edges = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: Called with a region id when a region that is not a destination is tapped (its details).
        self.on_region: Any = None
        self._buttons: dict[str, RegionButton] = {}
        # Beneath the regions: the links, then the regions' fills (their names and outlines above, on their own
        # canvases). The links change only with the map's size: they are not redrawn when a region changes.
        self._links = InstructionGroup()
        self._fills = InstructionGroup()
        self._fills_shown: tuple[Any, ...] = ()
        self.canvas.before.add(self._links)
        self.canvas.before.add(self._fills)
        #: The crosses on closed routes, above the regions' boxes (a route's visible part may be short).
        self._crosses = InstructionGroup()
        self.canvas.after.add(self._crosses)
        self._redraw_fills = Clock.create_trigger(self._draw_fills, -1)
        self.bind(pos=self._layout, size=self._layout, regions=self._layout)
        self.bind(pos=self._draw_edges, size=self._draw_edges, edges=self._draw_edges)

    def region_button(self, region: str) -> RegionButton | None:
        return self._buttons.get(region)

    def _layout(self, *_: Any) -> None:
        app = App.get_running_app()
        width, height = self.size
        if width <= 1 or height <= 1:
            return
        box_w = max(app.target, width * 0.128)
        box_h = max(app.target, height * 0.175)
        wanted = {spot.id for spot in self.regions}
        for region in list(self._buttons):
            if region not in wanted:
                self.remove_widget(self._buttons.pop(region))
                self._redraw_fills()
        for spot in self.regions:
            button = self._buttons.get(spot.id)
            if button is None:
                button = RegionButton(size_hint=(None, None))
                button.bind(on_release=self._tapped)
                button.on_fill = self._redraw_fills
                self._buttons[spot.id] = button
                self.add_widget(button)
            wide = WIDER.get(spot.id, 1.0)
            button.size = ((max(box_w, width * 0.136) if spot.domain == "space" else box_w) * wide, box_h)
            cx = min(max(self.x + spot.x * width, self.x + box_w / 2), self.right - box_w / 2)
            cy = min(max(self.y + spot.y * height, self.y + box_h / 2), self.top - box_h / 2)
            button.center = (cx, cy)
            button.region = spot.id
            button.name = spot.name
            button.vehicles = spot.vehicles
            button.pieces = spot.pieces
            button.domain = spot.domain
            button.is_here = spot.is_here
            button.is_destination = bool(spot.destination_key)
            button.distance = spot.distance
            button.action_key = spot.destination_key or f"region:{spot.id}"

    def _draw_edges(self, *_: Any) -> None:
        """Opaque smooth lines: a Kivy Line wider than 1 pixel drawn in a translucent colour goes through the
        stencil buffer (a fill of its whole bounding box, twice, on every frame), so the links' colour is the
        translucent grey already mixed with the background it lies on. All the links of one colour are one
        Mesh of the very triangles SmoothLine would make (the same pixels): one draw call instead of one per
        link or dash (about 80 on this board), and a software renderer keeps memory for every draw call of
        the largest frame it has drawn."""
        self._links.clear()
        width, height = self.size
        links: list[tuple[float, float, float, float]] = []
        path: list[tuple[float, float, float, float]] = []
        closed: list[tuple[float, float, float, float]] = []
        crosses: list[tuple[float, float, float, float]] = []
        for edge in self.edges:
            ax, ay = self.x + edge.a[0] * width, self.y + edge.a[1] * height
            bx, by = self.x + edge.b[0] * width, self.y + edge.b[1] * height
            if edge.wraps and edge.network != "tb3-path":
                left, right = ((ax, ay), (bx, by)) if ax < bx else ((bx, by), (ax, ay))
                middle = (left[1] + right[1]) / 2
                segments = [(left[0], left[1], self.x, middle), (right[0], right[1], self.right, middle)]
            else:
                segments = [(ax, ay, bx, by)]
            if getattr(edge, "closed", False):
                # A closed route: red, and crossed out (a shape, not the colour alone), the cross drawn above
                # the regions' boxes: at the middle of a route, at the map's side for one that wraps round.
                closed.extend(segments)
                for sx, sy, ex, ey in segments:
                    if len(segments) > 1:
                        inward = CROSS_SIZE + 2 if ex <= self.x else -(CROSS_SIZE + 2)
                        crosses.extend(cross(ex + inward, ey, CROSS_SIZE))
                    else:
                        crosses.extend(cross((sx + ex) / 2, (sy + ey) / 2, CROSS_SIZE))
            elif edge.network == "tb3-path":
                path.extend(dashes(ax, ay, bx, by, DASH_ON, DASH_OFF))
            else:
                links.extend(segments)
        for ink, segments, line_width in (
            (link_colour(), links, LINK_WIDTH),
            (colour("accent"), path, PATH_WIDTH),
            (colour("danger"), closed, PATH_WIDTH),
        ):
            mesh = smooth_segments_mesh(segments, line_width)
            if mesh is not None:
                self._links.add(Color(*ink))
                self._links.add(mesh)
        self._crosses.clear()
        mesh = smooth_segments_mesh(crosses, PATH_WIDTH)
        if mesh is not None:
            self._crosses.add(Color(*colour("danger")))
            self._crosses.add(mesh)

    def _draw_fills(self, *_: Any) -> None:
        """The regions' boxes, one Mesh per colour (a few draw calls instead of 18: a software renderer keeps
        memory for every draw call of the largest frame, the Board's). Boxes do not overlap and their texts stay
        inside them, so drawing the fills before the texts shows the same pixels as drawing each region in turn.
        An outline (the picked Thunderbird's region, a pressed box) spills over its box's edge: it is drawn
        where it was, after its own box and before the boxes that follow it, which still cover the spill. A pick
        recolours half the map: the meshes are made again, a few dozen vertices."""
        runs: list[tuple[str, Any]] = []  # ("fills", boxes by colour), ("outline", (colour, rectangle)), ...
        boxes: dict[tuple[float, ...], list[tuple[float, float, float, float]]] = {}
        for button in self._buttons.values():
            fill = button.fill()
            if fill is None:
                continue
            boxes.setdefault(fill, []).append((button.x, button.y, button.width, button.height))
            outline = button.outline()
            if outline is not None:
                runs.append(("fills", tuple((ink, tuple(found)) for ink, found in boxes.items())))
                runs.append(("outline", outline))
                boxes = {}
        runs.append(("fills", tuple((ink, tuple(found)) for ink, found in boxes.items())))
        shown = tuple(runs)
        if shown == self._fills_shown:
            return
        self._fills_shown = shown
        self._fills.clear()
        for kind, run in runs:
            if kind == "outline":
                ink, rectangle = run
                self._fills.add(Color(*ink))
                self._fills.add(Line(rectangle=rectangle, width=OUTLINE_WIDTH))
                continue
            for ink, found in run:
                self._fills.add(Color(*ink))
                self._fills.add(rectangles_mesh(list(found)))

    def _tapped(self, button: RegionButton) -> None:
        if button.is_destination:
            App.get_running_app().perform(button.action_key)
        elif self.on_region is not None:
            self.on_region(button.region)
