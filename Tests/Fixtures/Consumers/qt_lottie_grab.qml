// Renders frames of Lottie files with Qt's Lottie player (Qt.labs.lottieqt), for consumers.py.
// Run with the qml tool on the offscreen platform; the last argument is a file of jobs, one a
// line: FILE <tab> FRAME <tab> OUT.PNG. Each frame is grabbed after `settle` milliseconds
// (--settle); consumers.py retries a grab that came out empty with a longer wait.
import QtQuick
import QtQuick.Window
import Qt.labs.lottieqt

Window {
    id: window
    visible: true
    width: 16
    height: 16
    property var jobs: []
    property int current: -1
    property int settle: 5

    // A new player for each file (a player given another file can show a frame it cached for
    // the previous one), and each frame asked for twice, the grab after the second (the player
    // renders frames ahead on a thread of its own, and the first can come out as a neighbour).
    property var player: null
    property string playerSource: ""
    property bool warmingUp: false

    Component {
        id: playerComponent
        LottieAnimation {
            autoPlay: false
            loops: 0
            quality: LottieAnimation.HighQuality
        }
    }

    Timer {
        id: wait
        onTriggered: {
            if (window.warmingUp) {
                window.warmingUp = false
                window.player.gotoAndStop(parseInt(window.jobs[window.current][1]))
                wait.interval = window.settle
                wait.start()
                return
            }
            window.player.grabToImage(function (result) {
                result.saveToFile(window.jobs[window.current][2])
                window.next()
            })
        }
    }

    function next() {
        current += 1
        if (current >= jobs.length) {
            Qt.quit()
            return
        }
        var job = jobs[current]
        var source = "file://" + job[0]
        if (playerSource !== source) {
            if (player)
                player.destroy()
            player = playerComponent.createObject(window, { source: source })
            playerSource = source
            width = player.width
            height = player.height
        }
        warmingUp = true
        wait.interval = 4 * settle
        player.gotoAndStop(parseInt(job[1]))
        wait.start()
    }

    Component.onCompleted: {
        var args = Qt.application.arguments
        for (var i = 0; i < args.length - 1; i++) {
            if (args[i] === "--settle")
                settle = parseInt(args[i + 1])
        }
        var request = new XMLHttpRequest()
        request.open("GET", "file://" + args[args.length - 1], false)
        request.send(null)
        jobs = request.responseText.split("\n").filter(function (line) { return line.length > 0 }).map(function (line) { return line.split("\t") })
        next()
    }
}
