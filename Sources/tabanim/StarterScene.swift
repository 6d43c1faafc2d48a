/// What `tabanim init` writes: a scene that shows all three techniques' timing rules (a user tap that
/// slides, the raised button that selects programmatically and spins, a tap that stops the spin and plays
/// a Lottie icon, a built-in bounce), with icons and a Lottie file drawn for it. Every path is relative to the scene, so the folder can go anywhere.
/// It exports at scale 2 (sharp on a Retina screen, the documented default) and its colours have a dark
/// value each (chosen: near-black tints of the light ones, and a lighter indigo), so that
/// `--interface-style dark` shows what the app would, and `validate` has nothing to tell.
enum StarterScene {
    static let sceneJSON = """
        {
          "version": 1,
          "device": "iphone-15",
          "strings": "Localizable.xcstrings",
          "export": { "fps": 30, "scale": 2 },
          "tabBar": {
            "tintColor": { "light": "#5B5BD6", "dark": "#8F8FF5" },
            "items": [
              { "title": "Today", "icon": "icons/today.svg", "selectedIcon": "icons/today-fill.svg" },
              { "title": "Search", "icon": "icons/search.svg", "animation": { "effect": "bounce" } },
              { "title": "New" },
              { "title": "Inbox", "icon": "icons/inbox.svg", "selectedIcon": "icons/inbox-fill.svg", "badge": "3" },
              { "title": "Starred", "icon": "icons/star.svg", "selectedIcon": "icons/star-fill.svg", "animation": "lottie/star.json" }
            ]
          },
          "centerButton": { "image": "icons/button.svg", "size": 56 },
          "contents": [
            { "color": { "light": "#FFFFFF", "dark": "#000000" }, "rows": 7 },
            { "color": { "light": "#F4F4FB", "dark": "#0E0E1A" }, "rows": 4 },
            { "color": { "light": "#FFF8EC", "dark": "#1A140A" }, "rows": 2 },
            { "color": { "light": "#F1FAF3", "dark": "#0A160D" }, "rows": 5 },
            { "color": { "light": "#FFF4F4", "dark": "#1A0C0C" }, "rows": 3 }
          ],
          "script": [
            { "at": 0.5, "tap": 3 },
            { "at": 1.5, "badge": { "item": 3, "value": null } },
            { "at": 2.0, "tap": "center" },
            { "at": 4.0, "tap": 4 },
            { "at": 5.5, "tap": 1 },
            { "at": 7.0, "tap": 0 }
          ]
        }

        """

    /// `Localizable.xcstrings`: the starter's titles in German, Arabic and Japanese, as Xcode writes a
    /// String Catalog (the English titles are the keys), for `--locale`.
    static let stringsJSON = """
        {
          "sourceLanguage": "en",
          "strings": {
            "Today": {
              "localizations": {
                "de": {
                  "stringUnit": {
                    "state": "translated",
                    "value": "Heute"
                  }
                },
                "ar": {
                  "stringUnit": {
                    "state": "translated",
                    "value": "اليوم"
                  }
                },
                "ja": {
                  "stringUnit": {
                    "state": "translated",
                    "value": "今日"
                  }
                }
              }
            },
            "Search": {
              "localizations": {
                "de": {
                  "stringUnit": {
                    "state": "translated",
                    "value": "Suchen"
                  }
                },
                "ar": {
                  "stringUnit": {
                    "state": "translated",
                    "value": "بحث"
                  }
                },
                "ja": {
                  "stringUnit": {
                    "state": "translated",
                    "value": "検索"
                  }
                }
              }
            },
            "New": {
              "localizations": {
                "de": {
                  "stringUnit": {
                    "state": "translated",
                    "value": "Neu"
                  }
                },
                "ar": {
                  "stringUnit": {
                    "state": "translated",
                    "value": "جديد"
                  }
                },
                "ja": {
                  "stringUnit": {
                    "state": "translated",
                    "value": "新規"
                  }
                }
              }
            },
            "Inbox": {
              "localizations": {
                "de": {
                  "stringUnit": {
                    "state": "translated",
                    "value": "Posteingang"
                  }
                },
                "ar": {
                  "stringUnit": {
                    "state": "translated",
                    "value": "البريد الوارد"
                  }
                },
                "ja": {
                  "stringUnit": {
                    "state": "translated",
                    "value": "受信"
                  }
                }
              }
            },
            "Starred": {
              "localizations": {
                "de": {
                  "stringUnit": {
                    "state": "translated",
                    "value": "Markiert"
                  }
                },
                "ar": {
                  "stringUnit": {
                    "state": "translated",
                    "value": "المميزة"
                  }
                },
                "ja": {
                  "stringUnit": {
                    "state": "translated",
                    "value": "スター付き"
                  }
                }
              }
            }
          },
          "version": "1.0"
        }

        """

    /// File name (in `lottie/`) → Lottie JSON: the star pops, turns a fifth of a turn and settles (0.7 s).
    static let lottie: [(name: String, json: String)] = [
        ("star.json", #"{"v":"5.7.0","fr":30,"ip":0,"op":21,"w":48,"h":48,"nm":"star: pops, turns a fifth and settles","ddd":0,"assets":[],"layers":[{"ddd":0,"ind":1,"ty":4,"nm":"star","sr":1,"ao":0,"ip":0,"op":21,"st":0,"bm":0,"ks":{"o":{"a":0,"k":100},"p":{"a":0,"k":[24,24,0]},"a":{"a":0,"k":[24,24,0]},"r":{"a":1,"k":[{"t":0,"s":[0],"e":[72],"o":{"x":[0.33],"y":[0]},"i":{"x":[0.67],"y":[1]}},{"t":14,"s":[72],"e":[72],"o":{"x":[0.33],"y":[0]},"i":{"x":[0.67],"y":[1]}},{"t":21,"s":[72]}]},"s":{"a":1,"k":[{"t":0,"s":[100,100,100],"e":[60,60,100],"o":{"x":[0.33,0.33,0.33],"y":[0,0,0]},"i":{"x":[0.67,0.67,0.67],"y":[1,1,1]}},{"t":6,"s":[60,60,100],"e":[125,125,100],"o":{"x":[0.33,0.33,0.33],"y":[0,0,0]},"i":{"x":[0.67,0.67,0.67],"y":[1,1,1]}},{"t":13,"s":[125,125,100],"e":[100,100,100],"o":{"x":[0.33,0.33,0.33],"y":[0,0,0]},"i":{"x":[0.67,0.67,0.67],"y":[1,1,1]}},{"t":21,"s":[100,100,100]}]}},"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[24,6.4],[28.82,18.96],[42.26,19.66],[31.8,28.14],[35.28,41.14],[24,33.8],[12.72,41.14],[16.2,28.14],[5.74,19.66],[19.18,18.96]],"i":[[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0]]}}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"r":1},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}]}"# + "\n"),
    ]

    /// File name (in `icons/`) → SVG. Template images: only their alpha counts, tinted by the bar.
    static let icons: [(name: String, svg: String)] = [
        ("today.svg", icon("""
            <g fill="none" stroke="#000" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round">
              <rect x="3.5" y="5" width="17" height="15.5" rx="2.5"/><path d="M3.5 10h17M8 3v4M16 3v4"/>
            </g>
            """)),
        ("today-fill.svg", icon("""
            <g fill="#000">
              <path d="M6 4.5h12a3 3 0 0 1 3 3V9H3V7.5a3 3 0 0 1 3-3Z"/><path d="M3 10.5h18V18a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3Z"/>
              <rect x="7" y="2.2" width="2" height="4" rx="1"/><rect x="15" y="2.2" width="2" height="4" rx="1"/>
            </g>
            """)),
        ("search.svg", icon("""
            <g fill="none" stroke="#000" stroke-width="1.9" stroke-linecap="round">
              <circle cx="10.5" cy="10.5" r="6.5"/><path d="M15.4 15.4 20.5 20.5"/>
            </g>
            """)),
        ("inbox.svg", icon("""
            <g fill="none" stroke="#000" stroke-width="1.9" stroke-linejoin="round">
              <path d="M3.5 13.5 6 5.6A1.5 1.5 0 0 1 7.4 4.5h9.2A1.5 1.5 0 0 1 18 5.6l2.5 7.9V19a1.5 1.5 0 0 1-1.5 1.5H5A1.5 1.5 0 0 1 3.5 19Z"/>
              <path d="M3.5 13.5h5l1.5 2.5h4l1.5-2.5h5"/>
            </g>
            """)),
        ("inbox-fill.svg", icon("""
            <path fill="#000" fill-rule="evenodd" d="M7.4 3.8h9.2a2.2 2.2 0 0 1 2.1 1.5L21.2 13v6a2.2 2.2 0 0 1-2.2 2.2H5A2.2 2.2 0 0 1 2.8 19v-6l2.5-7.7A2.2 2.2 0 0 1 7.4 3.8ZM5.1 12.6h4.2l1.5 2.5h2.4l1.5-2.5h4.2L16.9 6H7.1Z"/>
            """)),
        ("star.svg", icon("""
            <path fill="none" stroke="#000" stroke-width="1.8" stroke-linejoin="round" d="\(starPath)"/>
            """)),
        ("star-fill.svg", icon("""
            <path fill="#000" stroke="#000" stroke-width="1.2" stroke-linejoin="round" d="\(starPath)"/>
            """)),
        // The raised button, drawn in its own colors (not a template). The dot near the rim shows the spin:
        // a symmetric glyph alone looks the same every quarter turn.
        ("button.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
              <circle cx="32" cy="32" r="29" fill="#5B5BD6" stroke="#fff" stroke-width="2"/>
              <path fill="#fff" d="M32 18c1.5 9 5 12.5 14 14c-9 1.5-12.5 5-14 14c-1.5-9-5-12.5-14-14c9-1.5 12.5-5 14-14Z"/>
              <circle cx="32" cy="8.5" r="3" fill="#fff"/>
            </svg>

            """),
    ]

    private static let starPath = "M12 3.2 14.41 9.48 21.13 9.83 15.9 14.07 17.64 20.57 12 16.9 6.36 20.57 8.1 14.07 2.87 9.83 9.59 9.48Z"

    private static func icon(_ body: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
        \(body)
        </svg>

        """
    }
}
