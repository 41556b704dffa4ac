"""Share a record as a link, a QR code or a file; import a share; the players' view."""
