"""Built-in English words for the text linter (TX201's typo check).

`ENGLISH` is a compact list of common English words (base forms: the linter also accepts
their plurals, -ed, -ing, -ly, -er and -est forms). A word near a glossary term is not
reported as a typo of it (TX201) when it is an English word. The list is the project's
own, written for this purpose; games in other languages name their own words in
`lint.words`.
"""

from __future__ import annotations

ENGLISH_TEXT = """
a abilities ability able about above abroad absence absent absolute absolutely absorb abstract
abuse academic accept acceptable access accident accompany accomplish according accordingly
account accuracy accurate accuse achieve achievement acid acknowledge acquaint acquire across
act action activate active activity actor actual actually adapt adaptation add addition
additional address adequate adjacent adjust administration admire admit adopt adult advance
advanced advantage advantageous adventure advertise advice advise affair affect affected
affinity afford afraid after afternoon afterward afterwards again against age agency agent
aggressive agile agility ago agree agreement ahead aid aim air aircraft airport alarm album
alcohol alike alive all alliance allied allow ally almost alone along alongside aloud already
also alter alternate alternation alternative alternatively although altogether always am amazing
ambition ambush amid amidst among amount amulet analyse analysis ancestor ancient and anew anger
angle angry animal ankle announce annoy annual another answer anticipate anxiety anxious any
anybody anymore anyone anything anyway anywhere apart apartment apparent apparently appeal
appear appearance apple application apply appoint appreciate approach appropriate approval
approve approximately arcane arch archer are area arena argue argument arise arm armor armour
army around arrange arrangement arrest arrival arrive arrow art article artisan artist artistic
as ascend ash aside ask asleep aspect assault assemble assess asset assign assigned assist
assistance assistant associate association assume assumption assure astonish at atmosphere
attach attached attack attacker attempt attend attention attitude attract attractive attribute
audience author authority automatic automatically autumn available average avoid awake awaken
award aware away awful axe baby back background backward backwards bad badly bag bake balance
ball ban band bane banish bank bar bard bare barely barrage barrier base basic basically basin
basis basket bath battery battle bay be beach beacon bear beast beat beautiful beauty because
become becomes bed bedroom been beer before beforehand begin beginning begins behalf behave
behavior behaviour behind behold being belief believe bell belong below belt bench bend beneath
beneficial benefit berserk beside besides best bestow bet better between bewitch beyond big bill
billion bind bird birth birthday bit bite bitter black blade blame blank blanket blast bless
blessing blind block blood bloom blossom blow blue bluff blur board boat body bog boil bold
bolster bolstered bolt bomb bond bone bonfire bonus book boon boost boot border bored boring
born borrow boss both bother bottle bottom bounce bound boundary bounty bowl box boy brace brain
bramble branch brand brave brawl breach bread break breakfast breath breathe breeze brew brick
bridge brief brigand bright brilliance brilliant bring bristle brittle broad broadcast broaden
brook brother brown brush buck budget buff build building bullet bulwark bunch burden burn
burrow burst bury bus business bust busy but butter button buy by cabinet cable cache cake
calculate calculated calculation caldron call calm camera camp campaign can cancel candidate
cannon canvas cap capable capacity capital captain capture car caravan card cardboard cards care
career careful carefully carpet carry carve cascade case cash cast casting castle cat catalyst
catch category cauldron cause cavern cease ceiling celebrate cell center central centre century
ceremony certain certainly chain chair chalk challenge champion championship chance change
channel chant chaos chapel chapter character characteristic charcoal charge charisma charity
charm chart chase cheap cheat check cheek cheer cheese chemical chest chicken chief child
childhood chime chip chisel chocolate choice choir choose chosen chronicle church cigarette
cinder cinema circle circumstance citizen city civil claim clash class classic classical claw
clay clean cleanse clear clearly cleric clever click client cliff climate climb cloak clock
clockwise close closely cloth clothes clothing cloud clover club clue cluster coach coast coat
code coffee coil coin cold collapse colleague collect collection college collide color colorway
colour colourway column combat combination combine combined come comedy comet comfort
comfortable command comment commercial commission commit commitment committee common commonly
communicate communication community companion company compare comparison compete competition
competitive complain complaint complete completely complex component compose composition
comprise computer concentrate concept concern concert conclude conclusion condition conduct
conference confidence confident confirm conflict confront confuse confusion conjure connect
connection conscious consequence conservative consider considerable consideration consist
consistent console constant constantly constellation construct construction consult consume
consumer contact contain container contemporary content contest context continue continuous
contour contract contrast contribute contribution control convention conversation convert
convince cook cool cooldown cope copper copy coral core corner correct corresponding corrupt
cost cottage cotton could council count counter counterclockwise country countryside county
couple courage courier course court cousin coven cover covert crack craft crafty crane crash
crave crazy cream create creation creative creature credit crest crew crime criminal crimp
crimson crisis crisp criterion critic critical criticise criticism crook cross crossbow crow
crowd crown crucial crumble crush cry crypt crystal cultural culture cunning cup cupboard cure
curious currency current currently curse cursed curtain curve custodian custom customer cut
cycle dad dagger daily damage damp dance danger dangerous dare dark dash data date daughter dawn
day daze dazzle dead deadline deal dear death debate debt decade decay deceive decide decided
decision deck declare declared decline decorate decrease decree deed deep deeply defeat defeated
defence defend defender defense define definite definitely definition deflect degree delay
deliberately delicate deliver delivery delve demand demonstrate den deny depart department
departure depend dependent depicted deplete deposit depth descend describe described description
desert deserve design designer desire desk desperate despite destiny destroy destruction detail
detailed detect determine develop development device devote devour dew diagram dice dicing did
die diet difference different differently difficult difficulty dig digital dim dimension dinner
direct direction directly director dirt dirty disadvantage disagree disappear disappoint
disaster discard discarded discipline discount discover discovery discuss discussion disease
disguise dish dismantle dismiss dispel display distance distant distinct distinction distinguish
distract distribute distribution district disturb divert divide divine division do doctor
document dodge does dog doing dollar domestic dominate done doodle door dormant double doubled
doubt down downstairs dozen draft drag dragon drain drama dramatic draw drawing drawn dream
dress drift drink drive driver drizzle drone drop drown drug druid dry due duel duelist dull
dungeon during dusk dust duty dwarf dwell each eager ear early earn earth earthquake ease easily
east eastern easy eat echo eclipse economic economy edge edition editor educate education eerie
effect effective effectively effects efficient effort egg eight eighteen eighth eighty either
elder elderly elect election electric electricity electronic element eleven elf eliminate
eliminated elixir else elsewhere email embarrass ember emblem emerge emergency emotion emotional
emphasis emphasise employ employee employer employment empower empty enable encase enchant
enchantment encounter encourage end endure enemy energize energy engage engine engineer engrave
enhance enjoy enormous enough enrage ensure enter enterprise entertain entertainment enthusiasm
entire entirely entitle entrance entry environment envoy envy equal equally equip equipment
equivalent era erase erode error eruption escape especially essay essence essential establish
estate estimate eternal evade even evening event eventually ever every everybody everyone
everything everywhere evidence evil evoke exact exactly exam examine example exceed excellent
except exception exchange excite exciting exclude excuse execute executive exercise exhaust
exhibition exile exiled exist existence exit expand expansion expect expectation expedition
expend expended expense expensive experience experiment expert expire explain explanation
explode explore explosion export expose express expression extend extension extent external
extra extraordinary extreme extremely eye fable face facedown faceup facility fact factor
factory fade fail failure fair fairly fairy faith falcon fall false familiar family famine
famous fan fancy fang far farm farmer fashion fast fat fate father fault favor favorite favour
favourite fear feast feather feature fee feed feel feeling feint fellow female fence fern
ferocious festival fetch few fewer field fierce fifteen fifth fifty fight figure file fill film
final finally finance financial find finding fine finger finish fire firm first fish fit five
fix flag flame flare flash flat flavour flee flick flicker flight flip float flock flood floor
flourish flow flower fluctuate flurry fly focus foe fold folk follow following food foot
football for forage forbid force foreign forest forever forge forget forgive form formal format
former formula forth fortify fortress fortune forty forward forwards foul found foundation four
fourteen fourth fracture fractured fragment frame free freedom freeze frenzy frequent frequently
fresh friend friendly friendship frighten from front frost fruit fuel full fully fun function
fund fundamental funny furniture further fury fuse future gain gained gale gallery gambit gamble
game gap garage garbage garden garrison gas gate gather gauntlet gaze gem general generally
generate generation generous gentle gentleman genuine get ghost ghoul giant gift gild girl give
glad glance glass glaze gleam glide glimmer glimpse glint global gloom glove glow glue gnome go
goal goblin god gold golden good goods gorge govern government grab grace grade gradually grand
grandfather grandmother grant graph grass grateful grave graveyard gray great greater green grey
grim grip ground group grove grow growl growth grudge guarantee guard guardian guess guest guide
guild guilty gun gust guy habit had hail hair half hall halt hammer hand handle hang happen
happy harbor harbour hard hardly harm harmony harp harvest has haste hat hate haunt have haven
having hawk haze he head headline heal healer health healthy hear heart hearth heat heaven heavy
height heir hell hello help helpful hence her herald here hermit hero hers herself hesitate hex
hide high highest highlight highly hill him himself hinder hire his historic historical history
hit hoard hold hole holiday hollow holy home honest honor honour hope horde horrible horror
horse hospital host hot hotel hour house household housing how however howl huge human humor
humour hundred hungry hunt hunter huntress hurl hurry hurt husband hymn i ice idea ideal
identical identify identity if ignite ignore ill illegal illness illusion illustrate
illustration image imagine imbue immediate immediately immune imp impact impair implement
implication imply import importance important impose impossible impress impression impressive
improve improvement in incident include including income increase increasingly incredible
incremented indeed independent index indicate indication individual industrial industry
inevitable influence inform informal information infuse initial initially initiate injure injury
ink inked inkwell inner innocent input inquiry insect inside insight insist inspect inspiration
inspire install instance instant instantly instead instinct institution instruction instrument
insurance intellectual intelligence intelligent intend intense intention interest interested
interesting internal international internet interpret interpretation interrupt interval
interview into introduce introduction invade invest investigate investigation investment invite
invoke involve inward iron is island issue it item its itself jacket jade jest jewel jinx job
join joint joke jolt journal journey joy judge judgement judgment juice jump junior just justice
justify keen keep keeper keeps kennel key kick kid kill kind kindle kindred king kingdom kitchen
knee knife knight knock knot know knowledge lab label labor labour lack lady lair lake lance
land landscape language lantern large largely larger lash last late later latter laugh launch
lava law lawyer lay layer lazy lead leader leadership leaf league lean learn least leather leave
lecture left leg legal legend legion leisure lend length lens less lesser lesson lest let lethal
letter level levy liberal library licence license lid lie life lift light lightning like likely
likewise limit limited line linger link lip liquid list listen literally literary literature
little live living load loan local locate location lock long look loose lord lore lose loss lost
lot loud love lovely low lower lowest luck lucky lull lunar lunch lure lurk lyre mace machine
mad magazine mage magic maiden main mainly maintain major majority make male malice man mana
manage management manager manner mantle many map march margin mark market marriage married marry
marsh mask mass massive master mastery match matching mate material matter maximum may maybe
maze me meadow meal mean meaning means meanwhile measure meat media medical medicine medium meet
meeting melee member membership memory mend mental mention menu merchant mercy mere merely mesh
mess message metal method middle midnight might mild mile military milk million mimic mimicry
mind mine minimum minion minister minor minority minute mire mirror mischief miss mission mist
mistake mix mixture mobile mode model moderate modern modest moment money monitor monk
monochrome monster month mood moon moral more moreover morning moss most mostly mother motion
motor mount mountain mouse mouth move moved movement movie much mud muffle mural murder muscle
muse museum music musical must my myself mystery mystic myth nail name narrow nation national
native natural naturally nature near nearby nearly neat necessarily necessary neck need negative
neighbor neighbour neither nemesis nerve nervous nest net network never nevertheless new news
newspaper next nice night nimble nine nineteen ninety ninth no noble nobody noise nomad none
nonetheless nor normal normally north northern nose not note nothing notice nova novel now
nowhere nudge number numerous nurse oak oath obelisk object objective obligation oblivion
obscure observation observe obtain obvious obviously occasion occasionally occupy occur ocean
odd of off offence offense offer office officer official often oil okay old omen on once one
online only onslaught onto open opening operate operation opinion opponent opportunity oppose
opposing opposite opposition option optional or oracle orange orb orbit order ordinary organ
organisation organise organization organize origin original originally other otherwise ought our
ours ourselves out outcast outcome outer outpost output outside outstanding over overall
overcome overpower overpowering overwhelm owe own owner pace pack package pact page paid pain
paint painting pair palace paladin pale palette pan panel paper parent park parliament parry
part participant participate particular particularly partly partner party pass passage passenger
passion past pastel path patient patrol pattern pause pawn pay payment peace peak peasant pebble
pen penalty pencil people pepper per perceive percent perfect perfectly perform performance
perhaps peril period permanent permission permit person personal personality personally
perspective persuade pet phantom phase phenomenon philosophy phone photo photograph phrase
physical pick picture piece pierce pile pilgrim pillar pilot pin pink pipe pirate pitch place
placed plague plain plan plane planet plant plastic plate platform play playable played player
pleasant please pleasure plenty plot plunder plus pocket poem poet poetry point poison pole
police policy political politics pool poor pop popular population port portal portrait pose
position positive possess possession possibility possible possibly post pot potato potential
potentially potion pounce pound pour poverty powder power powerful practical practice practise
praise pray prayer precious precise precisely predict prefer preference pregnant premise
preparation prepare presence present presentation preserve president press pressure presume
pretend pretty prevent previous previously prey price pride priest primarily primary prime
prince princess principal principle print prior priority prism prison prisoner private prize
probably problem procedure proceed process produce product production profession professional
professor profile profit program programme progress project promise promote prompt proof proper
properly property prophet proportion proposal propose prospect protect protection protest proud
prove provide provided province provision prowl public publication publish pull pulse punish
punishment pupil purchase pure purge purple purpose pursue push put pyre qualify quality
quantity quarry quarter queen quest question quick quickly quiet quietly quill quit quite quiver
quote race racing radio rage raid rail rain raise rally rampage rampart randomly range rank
rapid rapidly rapier rare rarely rate rather ravage raven raw reach react reaction read reader
reading ready real realise reality realize really realm reap reason reasonable rebel rebuke
recall receive recent recently recipe recognise recognize recommend record recover recovery
recruit red reduce reduction reef refer reference reflect reform refresh refuse regain regard
regardless regent region register regret regular regularly reject relate relation relationship
relative relatively relax release relevant reliable relic relief religion religious rely remain
remaining remark remarkable remember remind reminder remnant remote remove renew rent repair
repeat repel replace replacement replenish reply report represent representative reputation
request require requirement reroll rescue research reserve resident resilience resist resistance
resolution resolve resolved resort resource respawn respect respond response responsibility
responsible rest restaurant restock restore restrict result resurrect retain retaliate retire
retreat return returned reveal revealed revenge revenue review revive revolution reward rhythm
rich rid ride right ring rise risk ritual rival river road roam rock rogue role roll romantic
roof room root rope rough round route routine row royal rub rubbish rubble rude ruin rule run
rune rural rush rust sabotage sacred sacrifice sad safe safety saga sage sail salary sale salt
same sample sanctuary sand sap satisfy save say scale scatter scavenge scene scepter sceptre
schedule scheme school science scientific scientist scorch score scout scream screen scribe
script scroll scry sea seal search season seat second secondary secret secretary section sector
secure security see seed seek seem seer select selection self sell send senior sense sensible
sensitive sentence sentinel sentry separate sequence series serious seriously serpent servant
serve service session set settle settlement seven seventeen seventh seventy several severe sex
shackle shade shadow shake shall shallow shame shape shard share sharp shatter she shed sheen
sheet shelf shell shelter shield shift shimmer shine ship shirt shock shoe shoot shop shopping
short shortly shot should shoulder shout show shower shrine shroud shuffle shuffled shut sick
side siege sight sigil sign signal signature significant significantly silence silent silly
silver similar similarly simple simply since sing singer single sink siphon sir siren sister sit
site situation six sixteen sixth sixty size sketch sketchbook skill skin skipped skirmish skull
sky slay sleep slice slide slight slightly slip slow slowly slumber small smart smell smile
smite smoke smooth smudge snare snow so soar social society soft software soil solace soldier
solid solution solve some somebody somehow someone something sometimes somewhat somewhere son
song soon sorcerer sorcery sorry sort soul sound soup source south southern space spare spark
spawn speak speaker spear special specialist species specific specifically specter spectre
speech speed spell spend spent spike spin spire spirit spiritual spite splash splatter split
sport spot spout spread spring sprite squad square squire stab stable stacked staff stage stair
stake stamina stand standard star stare start starter starting stash state statement station
statistic status stay steady steal stealth steed steel stencil step stick still stitch stock
stoke stomach stone stop store storm story straight strange stranger strategy stream street
strength stress stretch strict strike string strip stroke strong strongly structure struggle
student studio study stuff stun stupid style subject submit substance succeed success successful
successfully such sudden suddenly suffer sufficient sugar suggest suggestion suit suitable sum
summary summer summon sun sunder supply support suppose sure surely surface surge surgery
surprise surround survey survive suspect sustain swamp swap swarm swear sweep sweet swift swim
swing switch sword symbol sympathy system table tackle tactic tactical tail take talent talisman
talk tall tame tank tap target task taste tax tea teach teacher teaching team tear technical
technique technology telephone television tell temperature tempest temple temporary ten tend
tendency tension tenth term terms terrible test tether text than thank thanks that the theater
theatre their theirs them theme themselves then theory there thereafter thereby therefore these
they thick thief thin thing think third thirteen thirty this thorn thorough those though thought
thousand threat threaten three thrice thrive throat throne through throughout throw thumb
thunder thus ticket tide tidy tie tied tight till timber time tinker tiny tip tired tithe title
to today together toilet toll tome tomorrow tone tongue tonight too tool tooth top topic torch
torment total totally totem touch tough tour toward towards towel tower town toxic toy track
trade tradition traditional traffic train training trait traitor trance transfer transform
transition translate transport trap travel treat treatment tree tremor trend trial tribe trick
trickster trinket trip triumph troll troop trouble truck true truly trust truth try tube tuck
tundra tune turn turret twelve twenty twice twilight twin two type typical typically ugly
ultimate ultimately umbra unable uncle under undergo underneath understand understanding
undertake unfortunately uniform union unique unit unite universal universe university unknown
unleash unless unlike unlikely unravel untap until unto unused unusual up update upgrade
upgraded upon upper uproar upset upstairs urban urge us use used useful user usual usually
valley valor valour valuable value van vanish vapor vapour variation variety various vary vast
vault vegetable vehicle veil vengeance venom venture version versus very vessel veteran via
victim victory video view vigil vigor vigour village villain vine violence violent viper virtual
virtually virtue visible vision visit visitor visual vital vitality voice void volley volume
vote vow wage wager wait wake walk wall wand want war ward warden warlock warm warn warning warp
warrior was wash waste watch water wave way we weak weakness wealth weapon wear weather web
website wedding week weekend weekly weigh weight welcome welfare well were west western wet what
whatever wheel when whenever where whereas wherever whether which whichever while whilst whirl
whisper white who whoever whole whom whose why wide widely wield wife wild wilds will willing
win wind window wine wing winner winter wire wisdom wise wish wisp witch with withdraw wither
within without witness wizard wolf woman wonder wonderful wood wooden word work worker working
world worried worry worse worst worth would wound wraith wrap wrath wreck write writer writing
wrong yard yeah year yellow yes yesterday yet you young youngster your yours yourself youth zeal
zealot zero zone
"""

ENGLISH: frozenset[str] = frozenset(ENGLISH_TEXT.split())
"""Common English words, lower case."""
