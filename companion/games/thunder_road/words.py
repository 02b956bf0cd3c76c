"""Every text a player reads, in English and French: names, refusals (each naming its rule), labels, lines.

The French rule names are the rulebook's headings; the English ones are our translation.
"""

from __future__ import annotations

from companion.engine.pack import Words
from companion.games.thunder_road import COLOURS, INFO
from companion.locale import language

T = frozenset({"en", "fr"})  # both ours: the sentences are the companion's

SIZE_NAMES = {
    "small": Words("small car", "petite voiture", T),
    "medium": Words("medium car", "voiture moyenne", T),
    "large": Words("large car", "grosse voiture", T),
}
VEHICLE_NAMES = {
    **SIZE_NAMES,
    "wreck": Words("wreck", "épave", frozenset({"en"})),
    "big-rig": Words("Max Titan", "Max Titan"),
    "bike": Words("bike", "moto", frozenset({"en"})),
}


def colour_name(colour: str) -> str:
    return dict(COLOURS).get(colour, Words(colour, colour)).text()


def team(colours: tuple[str, ...], seat: int) -> str:
    """The team's colour; a colour two teams chose is told apart by the player's number."""
    name = colour_name(colours[seat])
    return f"{name} {seat + 1}" if colours.count(colours[seat]) > 1 else name


def car_name(colours: tuple[str, ...], car_id: str) -> str:
    seat, size = car_id.split("-", 1)
    car = SIZE_NAMES[size].text()
    words = Words("{team} {car}", "{Car} ({team})", T)
    return words.text().format(team=team(colours, int(seat)), car=car, Car=car[:1].upper() + car[1:])


def tile_name(tile: str, start_tile: str, defs_name: Words) -> str:
    """A road tile's name; the tail tile by the side the players chose (1a or 1b)."""
    if tile == "tile-1":
        for choice in INFO.option("start_tile").choices:
            if choice.value == start_tile:
                return Words("Tile {side}", "Tuile {side}", T).text().format(side=choice.label.text())
    return defs_name.text()


def counted(n: int, forms: tuple[Words, Words]) -> str:
    """`n` with its noun, singular or plural as the language wants it (French: 0 and 1 are singular)."""
    single = n <= 1 if language() == "fr" else n == 1
    return forms[0 if single else 1].text().format(n=n)


HAZARDS = (Words("{n} hazard", "{n} danger", T), Words("{n} hazards", "{n} dangers", T))
HAZARD_TOKENS = (Words("{n} hazard token", "{n} pion Danger", T), Words("{n} hazard tokens", "{n} pions Danger", T))
DAMAGE_TOKENS = (Words("{n} damage token", "{n} pion Dégât", T), Words("{n} damage tokens", "{n} pions Dégât", T))
DAMAGE = (Words("{n} damage", "{n} dégât", T), Words("{n} damage", "{n} dégâts", T))


def say(words: Words, **values: object) -> str:
    return words.text().format(**values)


# --- refusals: each names its rule -----------------------------------------------------------------------------
OVER = Words("The race is over.", "La course est terminée.", T)
NO_CAR = Words("There is no car {car}.", "Il n'y a pas de voiture {car}.", T)
FOURTH_MOVE = Words(
    "Each player moves three times a round (rule: Turns and rounds): {team} has already moved three times.",
    "Chaque joueur effectue trois tours par round (règle\u00a0: Tours et rounds)\u00a0: {team} a déjà joué trois fois.",
    T,
)
NOT_YOUR_TURN = Words(
    "It is {team}'s turn (rule: Turns and rounds).", "C'est le tour de {team} (règle\u00a0: Tours et rounds).", T
)
ONE_CAR_A_TURN = Words(
    "This turn's car already has its die (rule: Your turn, step 1: assign).",
    "Le véhicule de ce tour a déjà son dé (règle\u00a0: À votre tour, étape 1\u00a0: assignez).",
    T,
)
ASSIGN_FIRST = Words(
    "First assign a die to a car (rule: Your turn, step 1: assign).",
    "Assignez d'abord un dé à un véhicule (règle\u00a0: À votre tour, étape 1\u00a0: assignez).",
    T,
)
NOT_OPERABLE = Words(
    "{car} is inoperable or eliminated: no die goes on it (rule: Car states).",
    "{car} est dysfonctionnelle ou éliminée\u00a0: aucun dé ne lui est assigné (règle\u00a0: État des voitures).",
    T,
)
ALREADY_MOVED = Words(
    "{car} has already moved this round; it may only coast once all your operable cars have moved (rule: Step 1).",
    "{car} s'est déjà déplacée ce round\u00a0; elle ne peut que passer en roue libre quand toutes vos voitures "
    "fonctionnelles se sont déplacées (règle\u00a0: Étape 1).",
    T,
)
COAST_NOT_YET = Words(
    "A car coasts only once all your operable cars have moved this round (rule: Coasting).",
    "Un véhicule ne passe en roue libre que si tous vos véhicules fonctionnels se sont déplacés ce round "
    "(règle\u00a0: Roue libre).",
    T,
)
COAST_TWICE = Words(
    "{car} has coasted twice this round, the most allowed (rule: Coasting).",
    "{car} a déjà été mise deux fois en roue libre ce round, le maximum (règle\u00a0: Roue libre).",
    T,
)
NO_DIE = Words("There is no movement die {die}.", "Il n'y a pas de dé de déplacement {die}.", T)
DIE_USED = Words(
    "Die {die} ({value}) is already used this round.", "Le dé {die} ({value}) est déjà utilisé ce round.", T
)
SECOND_COMMAND = Words(
    "One command a round (rule: Your turn, step 2: command): {team} has used theirs this round.",
    "Un ordre par round (règle\u00a0: À votre tour, étape 2\u00a0: ordre)\u00a0: {team} a déjà activé le sien "
    "ce round.",
    T,
)
COMMAND_COASTING = Words(
    "No command in a turn where a car coasts (rule: Step 2: command).",
    "Pas d'ordre pendant un tour où vous mettez un véhicule en roue libre (règle\u00a0: Étape 2\u00a0: ordre).",
    T,
)
COMMAND_VALUE = Words(
    "{command} takes a die showing {values}; this one shows {value} (rule: Command board).",
    "{command} demande un dé de {values}\u00a0; celui-ci montre {value} (règle\u00a0: Ordres du tableau de commande).",
    T,
)
NO_COMMAND = Words("There is no command {command}.", "Il n'y a pas d'ordre {command}.", T)
COMMAND_LATE = Words(
    "A command is activated before the car moves and shoots (rule: Your turn, step 2).",
    "Un ordre s'active avant que le véhicule ne se déplace et ne tire (règle\u00a0: À votre tour, étape 2).",
    T,
)
REPAIR_WHICH = Words(
    "Repair takes 1 damage token off one of your own cars that has one (rule: Repair).",
    "Réparation retire 1 pion Dégât d'un de vos véhicules qui en a (règle\u00a0: Réparation).",
    T,
)
NO_SHOOTING_ROUND_1 = Words(
    "No shooting in round 1: weapons are ready from round 2 (rule: Step 4: shooting).",
    "Pas de tir au premier round\u00a0: les armes ne sont disponibles qu'à partir du deuxième (règle\u00a0: "
    "Étape 4\u00a0: tir).",
    T,
)
SHOT_DONE = Words(
    "The active car shoots once a turn (rule: Step 4: shooting).",
    "Le véhicule actif tire une fois par tour (règle\u00a0: Étape 4\u00a0: tir).",
    T,
)
CHOPPER_NOT_SENT = Words(
    "The chopper shoots only in a turn of Airstrike, once (rule: Airstrike).",
    "L'hélicoptère ne tire que pendant un tour d'Air-sol, une fois (règle\u00a0: Air-sol).",
    T,
)
NO_SELF_SHOT = Words(
    "A car does not shoot itself (rule: Step 4: shooting).",
    "Un véhicule ne se tire pas dessus (règle\u00a0: Étape 4\u00a0: tir).",
    T,
)
TAKES_NO_DAMAGE = Words(
    "{car} is inoperable or eliminated: it takes no damage (rule: Car states).",
    "{car} est dysfonctionnelle ou éliminée\u00a0: elle ne subit plus de dégâts (règle\u00a0: État des voitures).",
    T,
)
ALREADY_ELIMINATED = Words("{car} is already eliminated.", "{car} est déjà éliminée.", T)
FIRE_CARNAGE = Words(
    "Cars catch fire only with Carnage (rule: On fire).",
    "Les voitures ne s'embrasent qu'avec Carnage (règle\u00a0: Au feu).",
    T,
)
ALREADY_BURNING = Words("{car} is already on fire.", "{car} est déjà en feu.", T)
NO_SLAM = Words("There is no collision to re-roll.", "Il n'y a pas de collision à relancer.", T)
REROLL_SAME_SIZE = Words(
    "Only the owner of the larger vehicle may have both dice re-rolled; these are the same size (rule: Collision).",
    "Seul le propriétaire du véhicule le plus gros peut exiger la relance des deux dés\u00a0; ils ont la même taille "
    "(règle\u00a0: Collision).",
    T,
)
REROLL_BIKE = Words(
    "Against a bike, the bike always moves: no re-roll (rule: Collision).",
    "Face à un autre véhicule, c'est toujours la moto qui est déplacée\u00a0: aucune relance (règle\u00a0: Collision).",
    T,
)
REROLL_BIG_RIG = Words(
    "Against the Max Titan, the other vehicle always moves: no re-roll (rule: Collision).",
    "Face au Max Titan, c'est toujours l'autre véhicule qui est déplacé\u00a0: aucune relance (règle\u00a0: "
    "Collision).",
    T,
)
REROLL_ONCE = Words(
    "Both dice are re-rolled once only (rule: Collision).",
    "Les deux dés ne sont relancés qu'une seule fois (règle\u00a0: Collision).",
    T,
)
NO_VEHICLE = Words("There is no vehicle kind {kind}.", "Il n'y a pas de type de véhicule {kind}.", T)
EXPANSION_OFF = Words(
    "The {what} is not in this race (rule: Big Rig and the Final Five).",
    "Le {what} n'est pas dans cette course (règle\u00a0: Max Titan et les Cinq bécanes).",
    T,
)
IS_FINAL = Words(
    "The lead tile is the final tile: a vehicle leaving it by the front crosses the finish line "
    "(rule: The final tile).",
    "La tuile de tête est la finale\u00a0: un véhicule qui la quitte par l'avant franchit la ligne d'arrivée "
    "(règle\u00a0: La tuile finale).",
    T,
)
NOT_FINAL = Words(
    "The finish line is only at the end of the final tile, not yet laid (rule: The final tile).",
    "La ligne d'arrivée n'est qu'au bout de la tuile finale, pas encore posée (règle\u00a0: La tuile finale).",
    T,
)
NOT_ON_TAIL = Words("{car} cannot be named twice.", "{car} ne peut pas être nommée deux fois.", T)
UNKNOWN_FACES = Words(
    "The {die}'s faces are not in the data: roll your own die (complete its faces in the data editor).",
    "Les faces du {die} ne sont pas dans les données\u00a0: lancez le vôtre (complétez ses faces dans l'éditeur).",
    T,
)
NO_SUCH_DIE = Words("There is no die {die}.", "Il n'y a pas de dé {die}.", T)
DIE_OFF = Words(
    "The {die} belongs to an expansion not in this race.",
    "Le {die} appartient à une extension absente de cette course.",
    T,
)
NO_TILE = Words(
    "Road tiles are 0 (tail), 1 (middle) and 2 (lead).", "Les tuiles sont 0 (queue), 1 (milieu), 2 (tête).", T
)
TOO_MANY_HAZARDS = Words(
    "Only {n} hazard tokens are left (pile and discard).",
    "Il ne reste que {n} pions Danger (pile et défausse).",
    T,
)
NO_HAZARD_THERE = Words("No hazard token is on that tile.", "Aucun pion Danger sur cette tuile.", T)
END_TURN_FIRST = Words(
    "Assign a die to a car before ending the turn (rule: Your turn, step 1).",
    "Assignez un dé à un véhicule avant de finir le tour (règle\u00a0: À votre tour, étape 1).",
    T,
)
