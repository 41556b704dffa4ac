"""The Reference tab: every reference table of the text besides the combat worksheet's, one
module per topic: critical misses and reactions (``misses``), encumbrance and speed (``loads``),
overland movement and acid (``overland``), learning, climbing and throws (``skills``), barriers,
stopping and the horse (``barriers``). Its state and messages are in ``update``. The values the
text leaves out are the user's, and say so."""
