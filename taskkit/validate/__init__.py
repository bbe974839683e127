"""The task validator: named rules with severities and fix hints, over ``tasks/``."""

from taskkit.validate.findings import Finding, Report
from taskkit.validate.rules import RULES, Rule, Severity
from taskkit.validate.runner import validate

__all__ = ["RULES", "Finding", "Report", "Rule", "Severity", "validate"]
