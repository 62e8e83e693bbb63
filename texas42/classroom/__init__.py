"""The classroom server: the built book to this computer or to a whole room (``make serve``).

An optional part of the package (``pip install 'texas42[classroom]'``; ``make setup``
installs it): ``import texas42`` never imports it. Run it with ``python -m
texas42.classroom`` (see :mod:`texas42.classroom.server`). :mod:`~texas42.classroom.room`
finds the addresses to share and draws their QR codes, :mod:`~texas42.classroom.files`
answers the site's files, :mod:`~texas42.classroom.server` holds the connections.
"""
