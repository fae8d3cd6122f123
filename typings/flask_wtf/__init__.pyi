from flask_wtf.csrf import CSRFProtect as CSRFProtect
