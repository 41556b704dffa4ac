"""The preset dictionary of share format 1: text a record's JSON is likely to repeat (the keys
and default values of every shareable kind), known to both ends so zlib need not send it.

Frozen with the format: changing one byte breaks every link made before, so a new dictionary
comes with a new format number (and the old one kept for reading).

>>> import zlib
>>> zlib.crc32(ZDICT_V1), len(ZDICT_V1)
(911641602, 1764)
"""

ZDICT_V1 = (
    '{"name":"New character","kind":"character","body":"bipedal","personality":true,"attr":{"'
    'STR":10,"DFT":10,"SPD":10,"HLH":10},"ast":{"STR":null,"DFT":null,"SPD":null,"HLH":null},'
    '"cst":{"STR":null,"DFT":null,"SPD":null,"HLH":null},"derived":{"oda":null,"cda":null,"pc'
    'a":null,"bap":null,"mna":null,"drt":null,"sf":null,"enc_cap":null,"bma":null,"mass":null'
    ',"natural_av":null},"average_bcs":null,"skills":[],"weapons":[],"armor":{},"cloth_bullet'
    '_av":null,"inventory":[],"damage":{"lethal":0,"subdual":0,"critical":0},"conditions":[],'
    '"regions":{"head_neck":"","torso":"","limb":""}}{"id":"g1","name":"Fighter","st":10,"dx"'
    ':10,"iq":10,"ht":10,"hp":10,"hp_now":10,"basic_speed":"5","move":5,"encumbrance":0,"weap'
    'on":"Broadsword","weapon_skill":12,"damage":"1d+1","damage_type":"cut","ranged":false,"r'
    'each":"","parry_bonus":0,"acc":0,"half_d":"","max_range":"","shield_skill":0,"shield_db"'
    ':0,"dr":0,"dr_locations":"","tolerance":"","male":false,"posture":"Standing","maneuver":'
    '"Do Nothing","option":"","stunned":false,"notes":""}{"name":"","player":"","concept":"",'
    '"age":"Young Adult","age_note":"","race":"","strength":6,"coordination":6,"intellect":6,'
    '"health":6,"abilities":[],"disabilities":[],"gear":[],"armor":null,"shield":null,"skills'
    '":[],"adjustments":[],"luck":10,"speed":{"ground":3,"swimming":1,"other":[]},"initiative'
    '_other":0,"appearance":"","history":"","personality":""}{"turn":1,"phase":"first","clock'
    '":0,"order":[{"id":"c1","name":"","status":"ok","current":false}],"result":""}"skills":['
    '{"name":"","level":"Familiar","specialty":null},{"name":"","level":"Capable","specialty"'
    ':null},{"name":"","level":"Professional","specialty":null}],"uid":"{"kind":"simply.chara'
    'cter","id":"","updated_at":"2026-01-01T00:00:00+00:00","schema":1,"name":"","data":{"nam'
    'e":"'
).encode("ascii")
