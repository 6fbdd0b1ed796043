"""Print-and-play and print-shop files: PDFs at exact size with their cut marks, duplex backs,
posters of large boards, the calibration sheet and each shop's upload."""
