// A placeholder: the web board's script is written on its own branch.
"use strict";
