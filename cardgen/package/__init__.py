"""Packaging: print-and-play PDFs (ReportLab) and Tabletop Simulator exports."""
