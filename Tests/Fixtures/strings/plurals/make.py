#!/usr/bin/env python3
"""Writes the plural fixtures: Plurals.xcstrings (a count's title in the ten languages whose CLDR plural
rules the tests check) and legacy/*.lproj/Localizable.{strings,stringsdict}. Run from this folder."""
import json, os, plistlib

def unit(text):
    return {"stringUnit": {"state": "translated", "value": text}}

def plural(**forms):
    return {"variations": {"plural": {k: unit(v) for k, v in forms.items()}}}

inbox = {
    "en": plural(zero="No Messages", one="%lld Message", other="%lld Messages"),
    "de": plural(one="%lld Nachricht", other="%lld Nachrichten"),
    "fi": plural(one="%lld viesti", other="%lld viestiä"),
    "ar": plural(zero="لا رسائل", one="رسالة واحدة", two="رسالتان", few="%lld رسائل", many="%lld رسالة", other="%lld رسالةً"),
    "he": plural(one="הודעה אחת", two="שתי הודעות", other="%lld הודעות"),
    "ja": plural(other="%lld件のメッセージ"),
    "zh-Hans": plural(other="%lld 条消息"),
    "th": plural(other="%lld ข้อความ"),
    "hi": plural(one="%lld संदेश", other="%lld संदेश"),
    "ru": plural(one="%lld сообщение", few="%lld сообщения", many="%lld сообщений", other="%lld сообщения"),
}
unread = {
    "en": {"stringUnit": {"state": "translated", "value": "%#@items@ unread"},
           "substitutions": {"items": {"argNum": 1, "formatSpecifier": "lld",
                                       "variations": {"plural": {"one": unit("%arg item"), "other": unit("%arg items")}}}}},
    "de": {"stringUnit": {"state": "translated", "value": "%#@items@ ungelesen"},
           "substitutions": {"items": {"argNum": 1, "formatSpecifier": "lld",
                                       "variations": {"plural": {"one": unit("%arg Eintrag"), "other": unit("%arg Einträge")}}}}},
}
catalog = {"sourceLanguage": "en", "version": "1.0", "strings": {
    "tab.inbox": {"extractionState": "manual", "localizations": inbox},
    "tab.unread": {"extractionState": "manual", "localizations": unread},
    "tab.home": {"extractionState": "manual", "localizations": {"en": unit("Home"), "de": unit("Startseite")}},
}}
with open("Plurals.xcstrings", "w", encoding="utf-8") as f:
    json.dump(catalog, f, ensure_ascii=False, indent=2)
    f.write("\n")

def rule(**forms):
    return {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d", **forms}

legacy = {
    "en": ({"tab.home": "Home", "tab.inbox": "Inbox"},
           {"tab.inbox": {"NSStringLocalizedFormatKey": "%#@messages@", "messages": rule(one="%d Message", other="%d Messages")},
            "tab.files": {"NSStringLocalizedFormatKey": "%#@files@ in %#@folders@",
                          "files": rule(one="%d file", other="%d files"), "folders": rule(one="%d folder", other="%d folders")}}),
    "ru": ({"tab.home": "Главная"},
           {"tab.inbox": {"NSStringLocalizedFormatKey": "%#@messages@",
                          "messages": rule(one="%d сообщение", few="%d сообщения", many="%d сообщений", other="%d сообщения")}}),
}
for locale, (strings, plurals) in legacy.items():
    folder = f"legacy/{locale}.lproj"
    os.makedirs(folder, exist_ok=True)
    with open(f"{folder}/Localizable.strings", "w", encoding="utf-8") as f:
        for key, value in strings.items():
            f.write(f'"{key}" = "{value}";\n')
    with open(f"{folder}/Localizable.stringsdict", "wb") as f:
        plistlib.dump(plurals, f, fmt=plistlib.FMT_XML, sort_keys=True)
