"""The names vulture reports as unused that are used where it cannot see (`make check`:
`vulture cardgen tools/vulture_whitelist.py`): each is named here as `_.name`, with why it is
used. Registered functions (lint rules, drawing helpers, click commands, pydantic
validators) are left out by their decorators instead (pyproject's `[tool.vulture]`).

Only read by vulture, never run. A name new code leaves unused belongs deleted, not here."""

from typing import Any

_: Any = None

# Used by the tests only: the dice math as distributions, held to brute force by
# tests/test_hardening_patterns.py and tests/check/test_deck_report.py
_.roll_distribution, _.difference_distribution
# docs/lint.md's rule reference, generated and kept equal by tests/check/test_lint_rules.py
_.REFERENCE_START, _.rules_reference
# cli/group.py main's `--debug` option: click passes it; cardgen.entry reads the flag itself
_.debug
# expat's parser options and handlers, set as attributes (load/sheet_scan.py, load/svg.py)
_.StartDoctypeDeclHandler, _.EntityDeclHandler, _.ExternalEntityRefHandler
_.UnparsedEntityDeclHandler, _.StartElementHandler, _.EndElementHandler
_.CharacterDataHandler, _.buffer_text
# ruamel.yaml's options, set as attributes (load/yaml.py, new.py)
_.allow_duplicate_keys, _.preserve_quotes
# RE2's options, set as attributes (model/patterns.py)
_.log_errors, _.max_mem
# pydantic's configuration of a model (model/base.py, tts/model.py)
_.model_config
# model/layout.py FontFamily.bold_italic: a font face field, read with getattr by its style
# name (render/fonts.py, load/layout_files.py)
_.bold_italic
# multiprocessing's context attribute: the class a context starts workers with (parallel.py)
_.Process
# socketserver's and http.server's class settings and handler methods (serve/server.py)
_.daemon_threads, _.block_on_close, _.request_queue_size, _.address_family
_.protocol_version, _.server_version, _.sys_version
_.do_GET, _.do_HEAD, _.do_POST, _.do_PUT, _.do_DELETE, _.log_message, _.send_error
# ReportLab's settings and attributes, set by name (printing/pdf.py)
_.useA85, _.bitsPerComponent, _._currentPageHasImages
# printing/pdf.py PdfBytes.to_bytes, printing/sheets.py Grid's edges: used by the tests
# (tests/printing/test_pnp_*.py, test_sheet_geometry.py)
_.to_bytes, _.column_edges, _.row_edges

# PDF objects' keys, set as pikepdf attributes: the PDF/X file DriveThruCards takes
# printing/pdfx.py _image_stream
_.Type, _.Subtype, _.Height, _.Width, _.ColorSpace, _.BitsPerComponent
# printing/pdfx.py _output_intent
_.N
# printing/pdfx.py pdfx_pdf
(
    _.OutputIntents,
    _.Resources,
    _.Contents,
    _.BleedBox,
    _.TrimBox,
    _.Info,
    _.Title,
    _.Author,
)
(
    _.Creator,
    _.Producer,
    _.CreationDate,
    _.ModDate,
    _.Trapped,
    _.GTS_PDFXVersion,
)
_.GTS_PDFXConformance

# Tabletop Simulator's keys, declared as pydantic fields in TTS's order and written by
# model_dump (a save's JSON): each model's fields
# tts/model.py TtsModel
_.model_config
# tts/model.py TransformData
_.posX, _.posY, _.posZ, _.rotX, _.rotY, _.rotZ, _.scaleX, _.scaleY, _.scaleZ
# tts/model.py CustomDeckEntry
_.FaceURL, _.BackURL, _.NumWidth, _.NumHeight, _.BackIsHidden, _.UniqueBack, _.Type
# tts/model.py CustomTileData
_.Type, _.Thickness, _.Stackable, _.Stretch
# tts/model.py CustomDiceData
_.Type
# tts/model.py CustomTokenData
_.Thickness, _.MergeDistancePixels, _.StandUp, _.Stackable
# tts/model.py CustomImageData
(
    _.ImageURL,
    _.ImageSecondaryURL,
    _.ImageScalar,
    _.WidthScale,
    _.CustomTile,
    _.CustomDice,
)
_.CustomToken
# tts/model.py CustomMeshData
(
    _.MeshURL,
    _.DiffuseURL,
    _.NormalURL,
    _.ColliderURL,
    _.Convex,
    _.MaterialIndex,
    _.TypeIndex,
)
_.CustomShader, _.CastShadows
# tts/model.py RotationValue
_.Value, _.Rotation
# tts/model.py CustomPdfData
_.PDFUrl, _.PDFPassword, _.PDFPage, _.PDFPageOffset, _.CustomPDF
# tts/model.py ObjectState
(
    _.GUID,
    _.Nickname,
    _.Description,
    _.GMNotes,
    _.ColorDiffuse,
    _.Tags,
    _.LayoutGroupSortIndex,
)
(
    _.Value,
    _.Locked,
    _.Snap,
    _.IgnoreFoW,
    _.MeasureMovement,
    _.DragSelectable,
    _.Autoraise,
    _.Sticky,
)
(
    _.Tooltip,
    _.GridProjection,
    _.HideWhenFaceDown,
    _.Hands,
    _.CardID,
    _.SidewaysCard,
    _.DeckIDs,
)
(
    _.CustomDeck,
    _.CustomImage,
    _.CustomMesh,
    _.MaterialIndex,
    _.MeshIndex,
    _.Number,
    _.FogColor,
)
_.LuaScript, _.LuaScriptState, _.XmlUI, _.RotationValues
# tts/model.py SavedObject
(
    _.SaveName,
    _.Date,
    _.VersionNumber,
    _.GameMode,
    _.GameType,
    _.GameComplexity,
    _.Tags,
    _.Gravity,
)
_.PlayArea, _.Sky, _.TabStates, _.LuaScript, _.LuaScriptState, _.XmlUI
# tts/save_model.py TabState
_.visibleColor
# tts/save_model.py AudioItem
_.Item1, _.Item2
# tts/save_model.py MusicPlayerData
_.RepeatSong, _.PlaylistEntry, _.CurrentAudioTitle, _.CurrentAudioURL, _.AudioLibrary
# tts/save_model.py GridData
(
    _.Type,
    _.Lines,
    _.Opacity,
    _.ThickLines,
    _.Snapping,
    _.Offset,
    _.BothSnapping,
    _.xSize,
    _.ySize,
)
_.PosOffset
# tts/save_model.py LightingData
(
    _.LightIntensity,
    _.LightColor,
    _.AmbientIntensity,
    _.AmbientType,
    _.AmbientSkyColor,
)
(
    _.AmbientEquatorColor,
    _.AmbientGroundColor,
    _.ReflectionIntensity,
    _.LutIndex,
    _.LutContribution,
)
_.LutURL
# tts/save_model.py HandsData
_.Enable, _.DisableUnused, _.Hiding
# tts/save_model.py TagLabel
_.displayed
# tts/save_model.py TurnsData
(
    _.Enable,
    _.Type,
    _.TurnOrder,
    _.Reverse,
    _.SkipEmpty,
    _.DisableInteractions,
    _.PassTurns,
)
_.TurnColor
# tts/save_model.py CameraState
_.Rotation, _.Distance, _.Zoomed, _.AbsolutePosition
# tts/save_model.py Decal
_.ImageURL, _.Size
# tts/save_model.py UIAsset
_.URL
# tts/save_model.py SnapPoint
_.Rotation, _.Tags
# tts/save_model.py TtsSave
(
    _.SaveName,
    _.EpochTime,
    _.Date,
    _.VersionNumber,
    _.GameMode,
    _.GameType,
    _.GameComplexity,
)
(
    _.PlayingTime,
    _.PlayerCounts,
    _.Tags,
    _.Gravity,
    _.PlayArea,
    _.Sky,
    _.TabStates,
    _.MusicPlayer,
)
(
    _.Lighting,
    _.Hands,
    _.ComponentTags,
    _.Turns,
    _.CameraStates,
    _.DecalPallet,
    _.LuaScript,
)
_.LuaScriptState, _.XmlUI, _.CustomUIAssets, _.SnapPoints

# cardgen/api/__init__.py: a module's __getattr__ (PEP 562) is called by Python for a name
# the module lacks: the API's record types, imported when first asked for
_.__getattr__

# printing/shop_images.py MPC_TEMPLATES: MakePlayingCards' templates by trim, which the
# tests hold to the shop's published sizes (tests/printing/test_shop_images.py,
# test_presets.py); plugins.py GROUPS: the entry-point groups, which the test of the docs
# holds docs/plugins.md to (tests/test_plugin_errors.py)
_.MPC_TEMPLATES, _.GROUPS
# rulebook/pdf.py: ReportLab calls its document template's hooks and reads a flowable's
# hAlign (set on an image in rulebook/pdf_images.py)
_.afterFlowable, _.handle_flowable, _.hAlign
