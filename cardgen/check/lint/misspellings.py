"""Built-in frequent misspellings for the text linter (TX903).

`MISSPELLINGS` is the built-in list of frequent slips, one `wrong->right` a line as in
codespell's dictionaries; a game adds its own in `lint.misspellings`.
"""

from __future__ import annotations

MISSPELLINGS_TEXT = """
abilty->ability
abillity->ability
acheive->achieve
accomodate->accommodate
accross->across
acording->according
actualy->actually
addional->additional
additonal->additional
adress->address
agian->again
alot->a lot
allready->already
alltogether->altogether
amoung->among
apparantly->apparently
appearence->appearance
arguement->argument
assasin->assassin
attatch->attach
attck->attack
availabe->available
avaliable->available
basicly->basically
becasue->because
becuase->because
beggining->beginning
begining->beginning
beleive->believe
benifit->benefit
bonsu->bonus
calender->calendar
cancelation->cancellation
carefull->careful
catagory->category
charater->character
chacter->character
choosen->chosen
collegue->colleague
comming->coming
commited->committed
completly->completely
concious->conscious
consistant->consistent
continous->continuous
controled->controlled
corrispond->correspond
corresponing->corresponding
damge->damage
dammage->damage
decison->decision
defintion->definition
definately->definitely
definatly->definitely
dependant->dependent
desicion->decision
diffrent->different
dissapear->disappear
dissapoint->disappoint
doesnt->doesn't
dont->don't
durring->during
effecient->efficient
embarass->embarrass
enviroment->environment
equiped->equipped
equivalant->equivalent
exagerate->exaggerate
excercise->exercise
existance->existence
experiance->experience
familar->familiar
finaly->finally
foriegn->foreign
fourty->forty
freind->friend
futher->further
garantee->guarantee
goverment->government
gaurd->guard
happend->happened
harrass->harass
heirarchy->hierarchy
immediatly->immediately
independant->independent
inital->initial
instread->instead
interupt->interrupt
irrelevent->irrelevant
knowlege->knowledge
lenght->length
libary->library
lisence->licence
maintainance->maintenance
millenium->millennium
mischievious->mischievous
neccessary->necessary
necesary->necessary
nieghbor->neighbor
noticable->noticeable
occassion->occasion
occured->occurred
occurence->occurrence
occuring->occurring
oppurtunity->opportunity
oponent->opponent
opponant->opponent
ouput->output
paralell->parallel
particulary->particularly
peice->piece
persue->pursue
posession->possession
possable->possible
preceed->precede
prefered->preferred
presense->presence
priviledge->privilege
probaly->probably
proffesional->professional
publically->publicly
realy->really
recieve->receive
recieved->received
recomend->recommend
refered->referred
relevent->relevant
remeber->remember
reponse->response
responce->response
resistence->resistance
reveiw->review
rythm->rhythm
seperate->separate
seperately->separately
sieze->seize
similiar->similar
speach->speech
strenght->strength
succesful->successful
successfull->successful
suprise->surprise
tatoo->tattoo
tendancy->tendency
thier->their
threshhold->threshold
tommorow->tomorrow
tounge->tongue
truely->truly
unforseen->unforeseen
untill->until
usefull->useful
wether->whether
wich->which
wierd->weird
withold->withhold
writting->writing
"""


def _pairs(text: str) -> dict[str, str]:
    pairs: dict[str, str] = {}
    for line in text.splitlines():
        wrong, arrow, right = line.partition("->")
        if arrow:
            pairs[wrong.strip().casefold()] = right.strip()
    return pairs


MISSPELLINGS: dict[str, str] = _pairs(MISSPELLINGS_TEXT)
"""Frequent misspellings: wrong (lower case) -> right."""
