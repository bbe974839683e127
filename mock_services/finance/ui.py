from flask import Blueprint

ui = Blueprint("finance_ui", __name__, template_folder="templates")
