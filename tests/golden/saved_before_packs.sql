PRAGMA user_version = 1;
BEGIN TRANSACTION;
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    outcomes TEXT NOT NULL,
    rng_after TEXT NOT NULL,
    label TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
INSERT INTO "actions" VALUES(1,1,'{"type":"Rescue","disaster":"the-perils-of-penelope","fab_cards":[]}','[4,2]','4690058739764336270','{"en":"Lady Penelope attempts The Perils of Penelope","fr":"Lady Penelope tente le sauvetage The Perils of Penelope"}');
INSERT INTO "actions" VALUES(1,2,'{"type":"FinishRescue"}','[]','4690058739764336270','{"en":"Lady Penelope settles the rescue","fr":"Lady Penelope conclut le sauvetage"}');
INSERT INTO "actions" VALUES(1,3,'{"type":"DrawAbilityToken"}','[]','4690058739764336270','{"en":"Lady Penelope draws a token with their ability","fr":"Lady Penelope pioche un jeton grâce à sa capacité"}');
INSERT INTO "actions" VALUES(1,4,'{"type":"EndTurn"}','[]','4690058739764336270','{"en":"Lady Penelope ends the turn: disaster phase","fr":"Lady Penelope termine sa séquence : phase Catastrophe"}');
INSERT INTO "actions" VALUES(1,5,'{"type":"Move","vehicle":"tb2","to":"asia"}','[]','4690058739764336270','{"en":"Virgil moves Thunderbird 2 to Asia","fr":"Virgil déplace Thunderbird 2 vers Asie"}');
INSERT INTO "actions" VALUES(1,6,'{"type":"ConfirmRescue","disaster":"unknown-disaster-3"}','[]','4690058739764336270','{"en":"Virgil averts Unknown disaster 3 (confirmed by the players)","fr":"Virgil prévient Catastrophe inconnue 3 (confirmé par les joueurs)"}');
INSERT INTO "actions" VALUES(1,7,'{"type":"Move","vehicle":"tb2","to":"africa"}','[]','4690058739764336270','{"en":"Virgil moves Thunderbird 2 to Africa","fr":"Virgil déplace Thunderbird 2 vers Afrique"}');
INSERT INTO "actions" VALUES(1,8,'{"type":"AnnounceAbility","ability":"virgil-second-ability"}','[]','4690058739764336270','{"en":"Virgil uses an ability (applied by the players)","fr":"Virgil utilise une capacité (appliquée par les joueurs)"}');
INSERT INTO "actions" VALUES(1,9,'{"type":"EndTurn"}','[]','4690058739764336270','{"en":"Virgil ends the turn: disaster phase","fr":"Virgil termine sa séquence : phase Catastrophe"}');
INSERT INTO "actions" VALUES(1,10,'{"type":"FoilScheme","discards":[],"confirmed":true}','[]','4690058739764336270','{"en":"Alan foils Unknown scheme I-1","fr":"Alan déjoue Plan inconnu I-1"}');
INSERT INTO "actions" VALUES(1,11,'{"type":"Transfer","character":"scott","to_vehicle":"tb3","swap_with":null}','[]','4690058739764336270','{"en":"Scott boards Thunderbird 3","fr":"Scott monte dans Thunderbird 3"}');
INSERT INTO "actions" VALUES(1,12,'{"type":"DrawAbilityToken"}','[]','4690058739764336270','{"en":"Alan draws a token with their ability","fr":"Alan pioche un jeton grâce à sa capacité"}');
INSERT INTO "actions" VALUES(1,13,'{"type":"EndTurn"}','[]','4690058739764336270','{"en":"Alan ends the turn: disaster phase","fr":"Alan termine sa séquence : phase Catastrophe"}');
INSERT INTO "actions" VALUES(1,14,'{"type":"ExchangeToken","give":"intelligence","take":"logistics"}','[]','4690058739764336270','{"en":"Lady Penelope exchanges Intelligence for Logistics","fr":"Lady Penelope échange Intelligence contre Logistique"}');
INSERT INTO "actions" VALUES(1,15,'{"type":"FoilScheme","discards":[],"confirmed":true}','[]','4690058739764336270','{"en":"Lady Penelope foils Unknown scheme II-4","fr":"Lady Penelope déjoue Plan inconnu II-4"}');
INSERT INTO "actions" VALUES(1,16,'{"type":"Move","vehicle":"fab1","to":"north-atlantic"}','[]','4690058739764336270','{"en":"Lady Penelope moves FAB 1 to North Atlantic","fr":"Lady Penelope déplace FAB 1 vers Atlantique Nord"}');
INSERT INTO "actions" VALUES(1,17,'{"type":"Move","vehicle":"fab1","to":"south-america"}','[]','4690058739764336270','{"en":"Lady Penelope moves FAB 1 to South America","fr":"Lady Penelope déplace FAB 1 vers Amérique du Sud"}');
INSERT INTO "actions" VALUES(1,18,'{"type":"Move","vehicle":"fab1","to":"south-atlantic"}','[]','4690058739764336270','{"en":"Lady Penelope moves FAB 1 to South Atlantic","fr":"Lady Penelope déplace FAB 1 vers Atlantique Sud"}');
INSERT INTO "actions" VALUES(1,19,'{"type":"EndTurn"}','[]','4690058739764336270','{"en":"Lady Penelope ends the turn: disaster phase","fr":"Lady Penelope termine sa séquence : phase Catastrophe"}');
INSERT INTO "actions" VALUES(1,20,'{"type":"AnnounceAbility","ability":"virgil-second-ability"}','[]','4690058739764336270','{"en":"Virgil uses an ability (applied by the players)","fr":"Virgil utilise une capacité (appliquée par les joueurs)"}');
INSERT INTO "actions" VALUES(1,21,'{"type":"Move","vehicle":"tb2","to":"asia"}','[]','4690058739764336270','{"en":"Virgil moves Thunderbird 2 to Asia","fr":"Virgil déplace Thunderbird 2 vers Asie"}');
INSERT INTO "actions" VALUES(1,22,'{"type":"Rescue","disaster":"end-of-the-road","fab_cards":["personal-hoverjet"]}','[4,0]','9044744304701181624','{"en":"Virgil attempts End of the Road, playing Personal Hoverjet","fr":"Virgil tente le sauvetage End of the Road en jouant Personal Hoverjet"}');
INSERT INTO "actions" VALUES(1,23,'{"type":"FinishRescue"}','[]','9044744304701181624','{"en":"Virgil settles the rescue","fr":"Virgil conclut le sauvetage"}');
INSERT INTO "actions" VALUES(1,24,'{"type":"Move","vehicle":"tb2","to":"europe"}','[]','9044744304701181624','{"en":"Virgil moves Thunderbird 2 to Europe","fr":"Virgil déplace Thunderbird 2 vers Europe"}');
INSERT INTO "actions" VALUES(1,25,'{"type":"FoilScheme","discards":[],"confirmed":true}','[]','9044744304701181624','{"en":"Virgil foils Unknown scheme IV-1","fr":"Virgil déjoue Plan inconnu IV-1"}');
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    setup TEXT NOT NULL,
    seed TEXT NOT NULL,
    setup_outcomes TEXT NOT NULL,
    setup_rng_after TEXT NOT NULL,
    state_format INTEGER NOT NULL,
    summary TEXT NOT NULL,
    cursor INTEGER NOT NULL DEFAULT 0
);
INSERT INTO "games" VALUES(1,'thunderbirds','2026-11-28T09:28:49.627896Z','2026-11-28T09:28:49.644852Z','{"players":3,"difficulty":"standard"}','77','[3,0,0,2,1,10,8,7,1,5,1,2,3,3,1,1,0,0,1,0,1,2,2,0,0,0,0,0,17,22,34,5,16,14,29,6,8,19,10,27,20,0,1,12,21,15,8,19,12,12,6,14,3,6,2,0,5,1,3,0,4,1,1,0,2,0,10,0,8,4,0,5,1,3,0,0,4,0,7,6,6,1,0,0,0,0,7,1,4,3,0,1,4,0,1,1,5,5,6,2,5,4,0,1,0,0,4,6,11,1,7,9,0,5,7,8,4,0,4,1,0,1,1]','335373174827490916',1,'{"status":"playing","reason":null,"players":3,"solo":false,"characters":["lady-penelope","virgil","alan"],"difficulty":"standard","turn":5,"active":"virgil","hood":1,"schemes_foiled":2,"disasters_left":40}',23);
CREATE TABLE snapshots (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('games',1);
COMMIT;
